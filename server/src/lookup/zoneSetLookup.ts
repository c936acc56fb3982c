// A lookup answered from the state's imported zone set: where an active set
// holds a stichtag on or before the day asked and the state's service offers
// none newer by then, the set's zones at the point are mapped by the same
// mapper as the live route's records, with the set named in the attribution.
// No cache of answers: the set is the service's own copy, and local. What the
// zones at a point map to is kept (`MappedZones`): a town's new addresses lie
// in a few hundred zones, and the same entries and credit let the answer's
// text of the values be written once (answerText.ts).
import type { Aktualitaet } from '#shared/apiTypes.js';
import type { ZonedEntry } from '../geo/zoneOutline.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import { boundedLru, type LRUCache } from '../memory/boundedLru.js';
import { aktualitaetOf } from '../sources/currency/aktualitaet.js';
import type { OfferedStichtage } from '../sources/currency/offeredStichtag.js';
import { mapNewestEntries } from '../sources/mapping/entryMapper.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import type { SourceService } from '../sources/sourceService.js';
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

/** Entries and credit kept per zones at a point, day and fallback municipality. */
interface Mapped {
  /** The live source the credit was made from (a reloaded registry makes another). */
  from: ConfiguredSource;
  source: ConfiguredSource;
  entries: ZonedEntry[];
}

export type MappedZones = LRUCache<string, Mapped>;

/**
 * Mapped zones kept: a district's worth of zones at a few days; each holds a
 * few entries whose outlines are the held zones' own (heldZones.ts).
 */
export const MAPPED_ZONES = 2_048;

export const mappedZones = (): MappedZones => boundedLru<string, Mapped>(MAPPED_ZONES);

export async function fromZoneSet(
  place: GeocodedPlace,
  source: ConfiguredSource,
  asOf: string,
  deps: {
    zoneSets?: ZoneSetAnswers | undefined;
    offers: OfferedStichtage;
    today: string;
    sources: Pick<SourceService, 'mappingContext'>;
    /** Where mapped zones are kept; without it every lookup maps its records. */
    mapped?: MappedZones;
  },
): Promise<ZoneSetOutcome> {
  const set = await coveringSet(source.state, asOf, deps);
  if (!set || !deps.zoneSets) return undefined;
  const offered = deps.offers.of(source.state);
  const { zones, records } = await deps.zoneSets.heldAt(set, place);
  // Everything the mapping reads: the records (named by `zones`, their set
  // and import), the set's number format, the day and the fallback municipality.
  const fallbackGemeinde = place.municipality;
  const key = `${zones}|${asOf}|${fallbackGemeinde ?? ''}`;
  let mapped = deps.mapped?.get(key);
  if (mapped?.from !== source) {
    const day = { asOf, fallbackGemeinde };
    const context = deps.sources.mappingContext(source.state, set.numberFormat, day);
    const entries = mapNewestEntries(records, context);
    mapped = { from: source, source: creditedSource(source, zoneSetCredit(source, set)), entries };
    deps.mapped?.set(key, mapped);
  }
  const { entries } = mapped;
  if (entries.length === 0) return 'none';
  const answered = entries.map((e) => e.stichtag).reduce((a, b) => (a > b ? a : b));
  return {
    source: mapped.source,
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
