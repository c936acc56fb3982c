// What the parcel functions show (Excel BRW.FLURSTUECK and
// BRW.BODENWERT_FLURSTUECK, Sheets BODENRICHTWERT_FLURSTUECK and
// BODENWERT_FLURSTUECK) from a GET /api/flurstueck answer: the parcel row and
// its zone shares as one table, and the land value of one use. Zones of
// different uses are never added, so a parcel in two uses without a chosen
// use is an error naming them, as with zones (zoneChoice.ts).
import { AppError, ErrorCode, fail, ok, type Result } from '../errors.js';
import { LAND_USE_NAMES, sortByLandUse, type LandUseCode } from '../landUse.js';
import type { FlurstueckResponse } from '../parcelTypes.js';
import type { CellNoteFacts } from './cellNote.js';
import { given, parseCode } from './lookupValue.js';
import { germanNumber } from './zoneChoice.js';
import { STICHTAG_HEADER, VALUE_HEADER } from './zoneTable.js';

export type ParcelTableCell = string | number;

const PARCEL_HEADER = [
  'Flurstückskennzeichen',
  'Gemarkung',
  'Flur',
  'Flurstück',
  'Amtliche Fläche (m²)',
  'Nutzung',
  'Land',
];
const ZONE_HEADER = [
  'Bodenrichtwertnummer',
  'Nutzungsart',
  'Kürzel',
  VALUE_HEADER,
  STICHTAG_HEADER,
  'Fläche (m²)',
  'Anteil',
];

/**
 * The parcel under its header, then the zones of the asked use (all when
 * none) under theirs, one row each in canonical use order; every row as wide
 * as the widest, as a spreadsheet range must be.
 */
export function parcelTable(
  response: FlurstueckResponse,
  nutzungsart?: string,
): Result<ParcelTableCell[][]> {
  const code = parseCode(given(nutzungsart));
  if (!code.ok) return code;
  const f = response.flurstueck;
  const zones = sortByLandUse(response.zonen).filter(
    (zone) => code.value === undefined || zone.code === code.value,
  );
  return ok([
    PARCEL_HEADER,
    [
      f.kennzeichen,
      f.gemarkung.name ?? f.gemarkung.nummer,
      f.flur ?? '',
      f.nenner === undefined ? String(f.zaehler) : `${f.zaehler}/${f.nenner}`,
      f.amtliche_flaeche_m2,
      f.nutzung ?? '',
      f.land,
    ],
    ZONE_HEADER,
    ...zones.map((zone) => [
      zone.bodenrichtwertnummer ?? '',
      zone.nutzungsart,
      zone.code,
      zone.brw_euro_pro_m2,
      zone.stichtag,
      zone.anteil_flaeche_m2,
      zone.anteil,
    ]),
  ]);
}

const euro = (value: number) => `${germanNumber(Math.round(value * 100) / 100)} EUR`;

/**
 * The land value in euro of the asked use, or of the only use on the parcel;
 * with a GFZ (asked of the service) the density-converted value. Errors:
 * invalid_nutzungsart, no_data (no zone of that use, a parcel not valued, a
 * zone without wertrelevante GFZ), ambiguous_zone naming the uses.
 */
export function parcelLandValue(
  response: FlurstueckResponse,
  nutzungsart?: string,
  gfz?: number,
): Result<number> {
  const code = parseCode(given(nutzungsart));
  if (!code.ok) return code;
  const uses = sortByLandUse(response.bodenwert);
  if (uses.length === 0) {
    const why = response.hinweis ?? 'Auf dem Flurstück liegt keine Bodenrichtwertzone.';
    return fail(new AppError(ErrorCode.noData, why));
  }
  const use = code.value === undefined ? uses[0] : uses.find((u) => u.code === code.value);
  if (use === undefined) {
    const asked = code.value as LandUseCode;
    const message = `Keine Zone der Nutzungsart ${asked} (${LAND_USE_NAMES[asked]}) auf dem Flurstück.`;
    return fail(new AppError(ErrorCode.noData, message));
  }
  if (code.value === undefined && uses.length > 1) {
    const list = uses.map((u) => `${u.code} ${u.nutzungsart} ${euro(u.bodenwert_euro)}`);
    const message =
      `${uses.length} Nutzungsarten auf dem Flurstück: ${list.join(', ')} – ` +
      'Nutzungsart als 2. Argument angeben';
    return fail(new AppError(ErrorCode.ambiguousZone, message));
  }
  if (gfz === undefined) return ok(use.bodenwert_euro);
  if (use.bodenwert_gfz_euro !== undefined) return ok(use.bodenwert_gfz_euro);
  const reasons = use.zonen.flatMap((zone) =>
    zone.gfz_umrechnung && 'hinweis' in zone.gfz_umrechnung ? [zone.gfz_umrechnung.hinweis] : [],
  );
  const message =
    reasons.length > 0
      ? [...new Set(reasons)].join(' ')
      : 'Nicht jede Zone dieser Nutzungsart veröffentlicht eine wertrelevante GFZ.';
  return fail(new AppError(ErrorCode.noData, message));
}

/**
 * What the note of a fixed land value of the parcel names ("Werte fixieren"):
 * the land value and stichtag of the zones of the use the value is of, each
 * undefined where those zones differ in it. The use is the one asked, or the
 * only one on the parcel; undefined where the cell shows no value.
 */
export function parcelValueFacts(
  response: FlurstueckResponse,
  nutzungsart?: string,
): Pick<CellNoteFacts, 'bodenrichtwert' | 'stichtag'> | undefined {
  if (!parcelLandValue(response, nutzungsart).ok) return undefined;
  const code = parseCode(given(nutzungsart));
  const use = code.ok && code.value !== undefined ? code.value : response.bodenwert[0]?.code;
  const zones = response.zonen.filter((zone) => zone.code === use);
  const single = <T>(values: T[]): T | undefined =>
    new Set(values).size === 1 ? values[0] : undefined;
  return {
    bodenrichtwert: single(zones.map((zone) => zone.brw_euro_pro_m2)),
    stichtag: single(zones.map((zone) => zone.stichtag)),
  };
}
