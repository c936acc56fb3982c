// GET /api/liegenschaftszins and the MCP tool get_liegenschaftszins: the
// address path of a lookup (official points, geocoder, counting) gives the
// land-value zones at the point; their committee (committeeMatch.ts) picks
// the row of the imported Liegenschaftszins year for the property type.
// Where no year is imported for the point's state, the answer is 451 (the
// data are open only where a state publishes them: NRW); in such a state
// without a row, 404. Each year is a zone_sets row of dataset lzs. The
// lookup page shows every rate of the point's committee (committeeRates).
import { AppError, ErrorCode } from '#shared/errors.js';
import type { Attribution } from '#shared/apiTypes.js';
import { OBJEKTARTEN, type Objektart } from '#shared/objektarten.js';
import type { LiegenschaftszinsResponse } from '#shared/schemas/liegenschaftszinsAnswer.js';
import { LIEGENSCHAFTSZINS_DISCLAIMER, buildAttribution } from '#shared/texts.js';
import { germanState, stateId } from '#shared/germanStates.js';
import type { LicenseId } from '#shared/texts.js';
import type { LookupCaller } from '../scheduling/workTicket.js';
import {
  LZS_DATASET,
  yearStichtag,
  type LiegenschaftszinsRepository,
  type StoredLiegenschaftszins,
} from '../zoneSets/liegenschaftszinsRepository.js';
import type { ZoneSetRepository, ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import { sameCommittee } from './committeeMatch.js';
import { countedLookupAs, type CountedLookupDeps } from './countedLookup.js';
import { geocodingOf } from './responseBody.js';
import type { LookupResult } from './lookupService.js';

/** The model the NRW committees derive their rates with (AGVGA-NRW, 2016). */
export const NRW_LZS_MODEL = 'AGVGA-NRW Modell zur Ableitung von Liegenschaftszinssätzen';

export interface LiegenschaftszinsDeps extends CountedLookupDeps {
  zoneSets: Pick<ZoneSetRepository, 'activeSets'>;
  liegenschaftszins: Pick<LiegenschaftszinsRepository, 'rowsOf'>;
}

export interface LiegenschaftszinsTarget {
  addressInput: string;
  address: string;
  objektart: Objektart;
  stichtag?: string;
}

export function liegenschaftszins(
  deps: LiegenschaftszinsDeps,
  caller: LookupCaller,
  target: LiegenschaftszinsTarget,
): Promise<LiegenschaftszinsResponse> {
  // The committee is the current zone's; the stichtag picks the imported year
  // only. So the lookup is the address's plain one and counts as that does.
  return countedLookupAs(
    deps,
    caller,
    { addressInput: target.addressInput, address: target.address, filter: [] },
    (addressInput, result) => answer(deps, addressInput, result, target),
  );
}

async function answer(
  deps: LiegenschaftszinsDeps,
  addressInput: string,
  result: LookupResult,
  target: LiegenschaftszinsTarget,
): Promise<LiegenschaftszinsResponse> {
  const set = await yearAt(deps, result, target.stichtag);
  const committees = committeesAt(result);
  const rows = await deps.liegenschaftszins.rowsOf([set.id], target.objektart.code);
  const row = rows.find((r) => committees.some((name) => sameCommittee(name, r.committee)));
  if (!row) throw noneFor(committees, set, target.objektart);
  return body(addressInput, result, target.objektart, set, row);
}

/** The rates of the point's committee for every property type it publishes, in table order. */
export interface CommitteeRates {
  set: ZoneSetRow;
  committee: string;
  rates: { objektart: Objektart; row: StoredLiegenschaftszins }[];
}

/** Every rate of the committee at a looked-up point (the lookup page's table); 451/404 as the route. */
export async function committeeRates(
  deps: Pick<LiegenschaftszinsDeps, 'zoneSets' | 'liegenschaftszins'>,
  result: LookupResult,
  stichtag: string | undefined,
): Promise<CommitteeRates> {
  const set = await yearAt(deps, result, stichtag);
  const committees = committeesAt(result);
  const rows = (await deps.liegenschaftszins.rowsOf([set.id])).filter((r) =>
    committees.some((name) => sameCommittee(name, r.committee)),
  );
  const rates = OBJEKTARTEN.flatMap((objektart: Objektart) =>
    rows.filter((row) => row.objektart === objektart.code).map((row) => ({ objektart, row })),
  );
  const first = rates[0];
  if (!first) throw noneFor(committees, set);
  return { set, committee: first.row.committee, rates };
}

/** The imported year for the point's state as of the day; 451 where the state has none. */
async function yearAt(
  deps: Pick<LiegenschaftszinsDeps, 'zoneSets'>,
  result: LookupResult,
  stichtag: string | undefined,
): Promise<ZoneSetRow> {
  const state = stateId(result.source.state);
  const years = (await deps.zoneSets.activeSets()).filter(
    (set) => set.state === state && set.dataset === LZS_DATASET,
  );
  if (years.length === 0) {
    const name = germanState(result.source.state)?.name ?? result.source.state;
    throw new AppError(
      ErrorCode.restrictedState,
      `Für ${name} sind Liegenschaftszinssätze nicht als offene Daten verfügbar; ` +
        'offen veröffentlicht sie bisher nur Nordrhein-Westfalen. Bitte beim örtlichen ' +
        'Gutachterausschuss (Grundstücksmarktbericht) nachsehen.',
    );
  }
  return yearAsOf(years, stichtag);
}

/** The committees of the zones at the point. */
function committeesAt(result: LookupResult): string[] {
  return [...new Set(result.entries.map((entry) => entry.gutachterausschuss))].filter(
    (name) => name.trim() !== '',
  );
}

function noneFor(committees: readonly string[], set: ZoneSetRow, objektart?: Objektart): AppError {
  const who =
    committees.length === 0
      ? 'Für den zuständigen Gutachterausschuss'
      : `Für ${committees.join(' bzw. ')}`;
  return new AppError(
    ErrorCode.noData,
    `${who} ist ${objektart ? `für ${objektart.name} ` : ''}im Berichtsjahr ${set.year} kein Liegenschaftszinssatz veröffentlicht.`,
  );
}

/** The newest imported year whose stichtag is on or before the asked day; 404 when none is. */
function yearAsOf(years: readonly ZoneSetRow[], stichtag: string | undefined): ZoneSetRow {
  const sorted = [...years].sort((a, b) => b.year - a.year);
  const found = sorted.find((set) => stichtag === undefined || yearStichtag(set.year) <= stichtag);
  if (found) return found;
  const earliest = sorted.at(-1)?.year ?? 0;
  throw new AppError(
    ErrorCode.noData,
    `Für den Stichtag ${stichtag ?? ''} ist kein Liegenschaftszinssatz importiert; der ` +
      `früheste Jahrgang ist ${earliest} (Stichtag ${yearStichtag(earliest)}).`,
  );
}

function body(
  addressInput: string,
  result: LookupResult,
  objektart: Objektart,
  set: ZoneSetRow,
  row: StoredLiegenschaftszins,
): LiegenschaftszinsResponse {
  const figure = <K extends string>(key: K, value: number | undefined) =>
    value === undefined ? {} : ({ [key]: value } as Record<K, number>);
  return {
    address_input: addressInput,
    address_resolved: result.place.displayName,
    coordinates: { lat: result.place.lat, lon: result.place.lon },
    geocoding: geocodingOf(result.place),
    liegenschaftszinssatz: row.rate,
    objektart: objektart.name,
    objektart_code: objektart.code,
    stichtag: yearStichtag(set.year),
    jahr: set.year,
    ...figure('standardabweichung', row.stdDev),
    ...figure('anzahl_kauffaelle', row.sales),
    modell: {
      name: NRW_LZS_MODEL,
      ...figure('gesamtnutzungsdauer', row.totalLife),
      ...figure('restnutzungsdauer', row.remainingLife),
      ...figure('bewirtschaftungskosten', row.managementCost),
      ...figure('miete', row.rent),
      ...figure('kaufpreis_pro_m2', row.pricePerM2),
      ...figure('objektgroesse', row.objectSize),
    },
    gutachterausschuss: row.committee,
    attribution: lzsAttribution(set),
    disclaimer: LIEGENSCHAFTSZINS_DISCLAIMER,
  };
}

/** The credit of an imported Liegenschaftszins year. */
export function lzsAttribution(set: ZoneSetRow): Attribution {
  return buildAttribution({
    owners: [],
    credit: set.credit,
    year: set.year,
    sourceUrl: set.download?.url ?? 'https://www.opengeodata.nrw.de/',
    license: set.license as LicenseId,
  });
}
