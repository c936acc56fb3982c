// The lookup answer of §2.2 from a pipeline result: filter on every read
// (the cache holds the full set), order W, M, G, S, L, F, SO, attribution
// with the state's owners and the data year, how current the values are
// (aktualitaet, its hinweis repeated at the top level for existing clients),
// what the source could not be asked for (hinweise), the disclaimer. Zone outlines stay inside the service.
import type { Attribution, BodenrichtwertResponse, Geocoding } from '#shared/apiTypes.js';
import { wireEntry } from '#shared/entryFields.js';
import { AppError, ErrorCode } from '#shared/errors.js';
import { sortByLandUse, type LandUseCode } from '#shared/landUse.js';
import { LOOKUP_DISCLAIMER, buildAttribution } from '#shared/texts.js';
import { germanDate } from '#shared/stichtag.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import type { LookupResult } from './lookupService.js';

export function buildLookupResponse(
  addressInput: string,
  result: LookupResult,
  filter: readonly LandUseCode[],
): BodenrichtwertResponse {
  const values = selectedValues(result, filter);
  const { head, tail } = lookupAnswerParts(addressInput, result, values);
  return { ...head, bodenrichtwerte: values.bodenrichtwerte, ...tail };
}

/** The answer's values: the entries the filter keeps, ordered, and what follows from them alone. */
export interface SelectedValues {
  bodenrichtwerte: BodenrichtwertResponse['bodenrichtwerte'];
  /** The newest stichtag's year (the attribution's data year). */
  year: number;
  /** What the source could not be asked for, once each. */
  hinweise: string[];
}

/** A pure function of the entries, the filter and the source's viewer link. */
export function selectedValues(
  { entries, source }: Pick<LookupResult, 'entries' | 'source'>,
  filter: readonly LandUseCode[],
): SelectedValues {
  const selected = filter.length === 0 ? entries : entries.filter((e) => filter.includes(e.code));
  if (selected.length === 0) {
    throw new AppError(
      ErrorCode.noData,
      `An dieser Adresse gibt es keinen Bodenrichtwert der Nutzungsart ${filter.join(', ')}.`,
    );
  }
  return {
    bodenrichtwerte: sortByLandUse(
      selected.map((entry) =>
        wireEntry(
          source.viewerUrl === undefined ? entry : { ...entry, viewer_url: source.viewerUrl },
        ),
      ),
    ),
    year: Math.max(...selected.map((entry) => Number(entry.stichtag.slice(0, 4)))),
    hinweise: [...new Set(selected.flatMap((entry) => entry.hinweise ?? []))],
  };
}

/** The members before `bodenrichtwerte`, in the answer's order. */
export type AnswerHead = Pick<
  BodenrichtwertResponse,
  'address_input' | 'address_resolved' | 'coordinates' | 'geocoding'
>;
/** The members after `bodenrichtwerte`, in the answer's order. */
export type AnswerTail = Omit<BodenrichtwertResponse, keyof AnswerHead | 'bodenrichtwerte'>;

/** The answer around its values (answerText.ts writes the values' text once per entry set). */
export function lookupAnswerParts(
  addressInput: string,
  result: LookupResult,
  { year, hinweise }: Pick<SelectedValues, 'year' | 'hinweise'>,
): { head: AnswerHead; tail: AnswerTail } {
  const { source, aktualitaet } = result;
  const { hinweis } = aktualitaet;
  return {
    head: {
      address_input: addressInput,
      address_resolved: result.place.displayName,
      coordinates: { lat: result.place.lat, lon: result.place.lon },
      geocoding: geocodingOf(result.place),
    },
    tail: {
      cache_hit: result.cacheHit,
      ...(result.stale ? { cache_stale: true as const } : {}),
      abgerufen_am: result.fetchedAt.toISOString(),
      attribution: withAddressCredit(
        withZoneSet(
          buildAttribution({
            owners: source.owners,
            credit: source.credit,
            year,
            sourceUrl: source.sourceUrl,
            license: source.license,
          }),
          result.zoneSet,
        ),
        result.place,
      ),
      aktualitaet,
      ...(hinweis === undefined ? {} : { hinweis }),
      ...(hinweise.length === 0 ? {} : { hinweise }),
      disclaimer: LOOKUP_DISCLAIMER,
    },
  };
}

export function geocodingOf(place: GeocodedPlace): Geocoding {
  const { official } = place;
  const warnings = place.warnings?.length ? { warnings: [...place.warnings] } : {};
  if (!official) return { source: 'geocoder', match: 'geocoder', ...warnings };
  return {
    source: 'hauskoordinaten',
    match: official.match,
    ...warnings,
    ...(official.quality === undefined ? {} : { quality: official.quality }),
    dataset: official.dataset,
  };
}

/** The imported zone set the values were read from, named with its stichtag. */
export function withZoneSet(
  attribution: Attribution,
  zoneSet: LookupResult['zoneSet'],
): Attribution {
  if (!zoneSet) return attribution;
  const text = `${attribution.text}; Datensatz ${zoneSet.name}, Stichtag ${germanDate(zoneSet.stichtag)}`;
  return { ...attribution, text };
}

/** The address data's credit beside the land-value owners, where its licence asks for one. */
export function withAddressCredit(attribution: Attribution, place: GeocodedPlace): Attribution {
  const credit = place.official?.credit;
  if (!credit) return attribution;
  return {
    ...attribution,
    text: `${attribution.text}; ${credit.text}`,
    hauskoordinaten: credit,
  };
}
