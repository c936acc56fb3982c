// A lookup answered from the state's imported zone set: where an active set
// holds a stichtag on or before the day asked and the state's service offers
// none newer by then, the set's zones at the point are mapped by the same
// mapper as the live route's records, with the set named in the attribution.
// No cache: the set is the service's own copy, and local.
import type { Aktualitaet } from '#shared/apiTypes.js';
import type { ZonedEntry } from '../geo/zoneOutline.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import { aktualitaetOf } from '../sources/currency/aktualitaet.js';
import type { OfferedStichtage } from '../sources/currency/offeredStichtag.js';
import { mapNewestEntries, type MappingContext } from '../sources/mapping/entryMapper.js';
import type { NumberFormat } from '../sources/numberFormat.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import type { LicenseId } from '#shared/texts.js';
import type { ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';

/** What the set answers; the pipeline adds the place and the day (LookupResult). */
export interface ZoneSetAnswer {
  source: ConfiguredSource;
  entries: ZonedEntry[];
  fetchedAt: Date;
  cacheHit: false;
  stale: false;
  aktualitaet: Aktualitaet;
  zoneSet: { name: string; stichtag: string };
}

/** 'none': the set covers the day but holds no zone at the point. */
export type ZoneSetOutcome = ZoneSetAnswer | 'none' | undefined;

export async function fromZoneSet(
  place: GeocodedPlace,
  source: ConfiguredSource,
  asOf: string,
  deps: {
    zoneSets?: ZoneSetAnswers | undefined;
    offers: OfferedStichtage;
    today: string;
    contextOf(numberFormat: NumberFormat): MappingContext;
  },
): Promise<ZoneSetOutcome> {
  const set = await coveringSet(source.state, asOf, deps);
  if (!set || !deps.zoneSets) return undefined;
  const offered = deps.offers.of(source.state);
  const records = await deps.zoneSets.recordsAt(set, place);
  const entries = mapNewestEntries(records, deps.contextOf(set.numberFormat));
  if (entries.length === 0) return 'none';
  const answered = entries.map((e) => e.stichtag).reduce((a, b) => (a > b ? a : b));
  return {
    source: creditedSource(source, zoneSetCredit(source, set)),
    entries,
    fetchedAt: set.importedAt ?? set.startedAt,
    cacheHit: false,
    stale: false,
    aktualitaet: aktualitaetOf({
      name: source.name,
      currency: source.currency,
      offered,
      answered,
      asOf,
      today: deps.today,
    }),
    zoneSet: { name: set.name, stichtag: set.stichtag },
  };
}

/** An active set with the stichtag it is named by (its newest). */
type CoveringSet = ZoneSetRow & { stichtag: string };

/**
 * The state's active set covering the day, where the state's service offers
 * no newer stichtag by then (then the live route answers until the update).
 * Without `offers`, no newer stichtag is known.
 */
export async function coveringSet(
  state: string,
  asOf: string,
  deps: {
    zoneSets?: Pick<ZoneSetAnswers, 'setFor'> | undefined;
    offers?: OfferedStichtage | undefined;
  },
): Promise<CoveringSet | undefined> {
  const set = await deps.zoneSets?.setFor(state, asOf);
  const stichtag = set?.newestStichtag;
  if (!set || stichtag == null) return undefined;
  const offered = deps.offers?.of(state);
  if (offered && offered.stichtag <= asOf && offered.stichtag > stichtag) return undefined;
  return { ...set, stichtag };
}

/** What names a set in an answer's attribution: its name and stichtag, owner, licence and download. */
export interface ZoneSetCredit {
  name: string;
  stichtag: string;
  owners: string[];
  license: LicenseId;
  /** The set's download where it is a web address, else the live source's. */
  sourceUrl: string;
}

export function zoneSetCredit(source: ConfiguredSource, set: CoveringSet): ZoneSetCredit {
  const url = set.download?.url;
  return {
    name: set.name,
    stichtag: set.stichtag,
    owners: [set.credit],
    license: set.license as LicenseId,
    sourceUrl: url !== undefined && /^https?:/.test(url) ? url : source.sourceUrl,
  };
}

/** The live source's entry with the set's owner, licence and download as the attribution's. */
export function creditedSource(source: ConfiguredSource, credit: ZoneSetCredit): ConfiguredSource {
  const { owners, license, sourceUrl } = credit;
  return { ...source, owners, license, sourceUrl };
}
