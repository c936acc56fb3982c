// What the lookup page receives from the counted lookup: the API's answer,
// exactly as GET /api/bodenrichtwert would send it, plus the outlines of the
// zones it lists, which the API keeps to itself, and what the page needs to
// ask the state's own map (its definition, owners and the data year).
import type { BodenrichtwertResponse } from '#shared/apiTypes.js';
import type { LookupResult } from '../../lookup/lookupService.js';
import { buildLookupResponse } from '../../lookup/responseBody.js';
import type { ZoneOutline } from '../../geo/zoneOutline.js';
import type { OfficialMapRequest } from '../../sources/maps/officialMap.js';
import { officialMapSource } from '../../sources/maps/officialMapSource.js';

export interface LookupPageAnswer {
  answer: BodenrichtwertResponse;
  /** One per distinct zone among the listed entries that came with an outline. */
  outlines: ZoneOutline[];
  mapSource: OfficialMapRequest['source'];
  /** The year of the newest listed stichtag: the data year of a map service per year. */
  dataYear: number;
}

export function lookupPageAnswer(
  addressInput: string,
  result: LookupResult,
  filter: Parameters<typeof buildLookupResponse>[2],
): LookupPageAnswer {
  const answer = buildLookupResponse(addressInput, result, filter);
  const listed = result.entries.filter(
    (entry) => filter.length === 0 || filter.includes(entry.code),
  );
  const outlines = new Map<string, ZoneOutline>();
  for (const { outline } of listed) {
    if (outline) outlines.set(JSON.stringify(outline), outline);
  }
  return {
    answer,
    outlines: [...outlines.values()],
    mapSource: officialMapSource(result.source),
    dataYear: answer.attribution.year,
  };
}
