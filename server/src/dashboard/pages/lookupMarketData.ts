// The other market data beside the land values on the lookup page: the
// Immobilienrichtwerte at the point (marketData/) and the Liegenschaftszinssätze
// of the point's committee (lookup/liegenschaftszins.ts), read from the
// imported NRW sets at the place the page's lookup already found.
//
// Counting: neither is counted. The page's one counted lookup of the address
// (lookupPage.ts) pays for the page; the market data add no upstream call (the
// place is the lookup's, the sets are local) and the API's counted routes
// would count the same address again under their own keys on every view.
//
// An optional fact never costs the answer: a refusal (451 outside the open
// data, 404 nothing at the point) becomes its German sentence, any other
// failure one German line that the data could not be read, and the land
// values show either way.
import { ErrorCode, isAppError } from '#shared/errors.js';
import type { Attribution } from '#shared/apiTypes.js';
import { germanDate } from '#shared/stichtag.js';
import type { Logger } from '../../logging/logger.js';
import {
  committeeRates,
  lzsAttribution,
  NRW_LZS_MODEL,
  type LiegenschaftszinsDeps,
} from '../../lookup/liegenschaftszins.js';
import type { LookupResult } from '../../lookup/lookupService.js';
import { immobilienrichtwertResponse } from '../../marketData/countedImmobilienrichtwert.js';
import type { Immobilienrichtwerte } from '../../marketData/immobilienrichtwerte.js';
import { yearStichtag } from '../../zoneSets/liegenschaftszinsRepository.js';

export interface MarketDataDeps extends Pick<
  LiegenschaftszinsDeps,
  'zoneSets' | 'liegenschaftszins'
> {
  immobilienrichtwerte: Pick<Immobilienrichtwerte, 'atPlace'>;
  logger: Logger;
}

/** A part the page shows: its rows and credit, or the German line why not. */
export type MarketPart<T> = { shown: T } | { note: string };

export interface IrwRow {
  value: string;
  stichtag: string;
  teilmarkt: string;
  baujahr?: string;
  wohnflaeche?: string;
  committee?: string;
  /** The committee's conversion document, only a web address. */
  documentUrl?: string;
}

export interface LzsRow {
  objektart: string;
  satz: string;
  standardabweichung?: string;
  anzahl?: string;
}

export interface MarketData {
  irw: MarketPart<{ rows: IrwRow[]; conversion: string; attribution: Attribution }>;
  lzs: MarketPart<{
    rows: LzsRow[];
    committee: string;
    year: number;
    stichtag: string;
    model: string;
    attribution: Attribution;
  }>;
}

const german = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 2 });
const webAddress = (url: string | undefined) =>
  url !== undefined && /^https?:\/\//.test(url) ? url : undefined;

export async function marketDataAt(
  deps: MarketDataDeps,
  result: LookupResult,
  stichtag: string | undefined,
): Promise<MarketData> {
  const [irw, lzs] = await Promise.all([
    part(deps, 'Die Immobilienrichtwerte', () => irwPart(deps, result, stichtag)),
    part(deps, 'Die Liegenschaftszinssätze', () => lzsPart(deps, result, stichtag)),
  ]);
  return { irw, lzs };
}

async function part<T>(
  deps: Pick<MarketDataDeps, 'logger'>,
  what: string,
  read: () => Promise<T>,
): Promise<MarketPart<T>> {
  try {
    return { shown: await read() };
  } catch (err) {
    if (
      isAppError(err) &&
      (err.code === ErrorCode.restrictedState || err.code === ErrorCode.noData)
    )
      return { note: err.message };
    deps.logger.warn({ err }, 'lookup page: market data not read');
    return { note: `${what} konnten nicht gelesen werden; die Bodenrichtwerte sind vollständig.` };
  }
}

async function irwPart(deps: MarketDataDeps, result: LookupResult, stichtag: string | undefined) {
  const answer = immobilienrichtwertResponse(
    '',
    await deps.immobilienrichtwerte.atPlace(result.place, { stichtag }),
  );
  const items = answer.immobilienrichtwerte;
  return {
    rows: items.map((item): IrwRow => ({
      value: `${german(item.immobilienrichtwert)} €/m² Wohnfläche`,
      stichtag: germanDate(item.stichtag),
      teilmarkt: item.teilmarkt,
      baujahr: item.baujahr === undefined ? undefined : String(item.baujahr),
      wohnflaeche: item.wohnflaeche === undefined ? undefined : `${german(item.wohnflaeche)} m²`,
      committee: item.gutachterausschuss,
      documentUrl: webAddress(item.umrechnung.dokument_url),
    })),
    conversion: items[0]?.umrechnung.text ?? '',
    attribution: answer.attribution,
  };
}

async function lzsPart(deps: MarketDataDeps, result: LookupResult, stichtag: string | undefined) {
  const { set, committee, rates } = await committeeRates(deps, result, stichtag);
  return {
    rows: rates.map(({ objektart, row }): LzsRow => ({
      objektart: objektart.name,
      satz: `${german(row.rate)} %`,
      standardabweichung: row.stdDev === undefined ? undefined : german(row.stdDev),
      anzahl: row.sales === undefined ? undefined : String(row.sales),
    })),
    committee,
    year: set.year,
    stichtag: germanDate(yearStichtag(set.year)),
    model: NRW_LZS_MODEL,
    attribution: lzsAttribution(set),
  };
}
