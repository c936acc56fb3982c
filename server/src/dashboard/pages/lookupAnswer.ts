// What the lookup page receives from the counted lookup: the API's answer,
// exactly as GET /api/bodenrichtwert would send it, plus the outlines of the
// zones it lists, which the API keeps to itself.
import type { BodenrichtwertResponse } from '#shared/apiTypes.js';
import type { ShapeAnswer } from '../../lookup/countedLookup.js';
import { buildLookupResponse } from '../../lookup/responseBody.js';
import type { ZoneOutline } from '../../lookup/geo/zoneOutline.js';

export interface LookupPageAnswer {
  answer: BodenrichtwertResponse;
  /** One per distinct zone among the listed entries that came with an outline. */
  outlines: ZoneOutline[];
}

export const lookupPageAnswer: ShapeAnswer<LookupPageAnswer> = (addressInput, result, filter) => {
  const answer = buildLookupResponse(addressInput, result, filter);
  const listed = result.entries.filter(
    (entry) => filter.length === 0 || filter.includes(entry.code),
  );
  const outlines = new Map<string, ZoneOutline>();
  for (const { outline } of listed) {
    if (outline) outlines.set(JSON.stringify(outline), outline);
  }
  return { answer, outlines: [...outlines.values()] };
};
