// Which zones a spreadsheet cell's selection matches. A point often lies in
// several zones, several of the same use (two W zones of 1,100 and 1,350
// EUR/m²); showing one of them without a word would put a wrong value into a
// valuation, so zones that disagree are an error that names them, and the
// Bodenrichtwertnummer (the 5th argument) picks one.
import type { BodenrichtwertEntry } from '../apiTypes.js';
import { AppError, ErrorCode, fail, ok, type Result } from '../errors.js';
import { LAND_USE_NAMES, sortByLandUse, type LandUseCode } from '../landUse.js';

/**
 * The zones a cell may show: those with the Bodenrichtwertnummer when one is
 * given, else those of the land use given, else those of the first land use in
 * canonical order (the documented default of an omitted nutzungsart).
 */
export function matchingZones(
  entries: readonly BodenrichtwertEntry[],
  code: LandUseCode | undefined,
  zone: string | undefined,
): Result<BodenrichtwertEntry[]> {
  const sorted = sortByLandUse(entries);
  const ofUse = code ?? sorted[0]?.code;
  const matching = sorted.filter((entry) =>
    zone === undefined
      ? entry.code === ofUse
      : entry.bodenrichtwertnummer === zone && (code === undefined || entry.code === code),
  );
  if (matching.length > 0) return ok(matching);
  const ofCode = code === undefined ? '' : ` der Nutzungsart ${code} (${LAND_USE_NAMES[code]})`;
  const message =
    zone === undefined
      ? `Kein Bodenrichtwert${ofCode} an dieser Adresse.`
      : `Keine Zone mit der Bodenrichtwertnummer „${zone}“${ofCode} an dieser Adresse.`;
  return fail(new AppError(ErrorCode.noData, message));
}

/** 1100 → "1.100", 3.5 → "3,5": the way a German valuer reads a land value. */
export function germanNumber(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `,${fraction}`}`;
}

function describeZone(entry: BodenrichtwertEntry, field: keyof BodenrichtwertEntry): string {
  const value = entry[field];
  const shown =
    field === 'brw_euro_pro_m2'
      ? `${germanNumber(entry.brw_euro_pro_m2)} EUR/m²`
      : `${field} ${typeof value === 'number' ? germanNumber(value) : (value ?? 'nicht veröffentlicht')}`;
  const number = entry.bodenrichtwertnummer;
  return `${shown} (${number === undefined ? 'ohne Nummer' : `Nr. ${number}`})`;
}

/**
 * The one value of `field` the zones agree on (undefined when none publishes
 * it), or ambiguous_zone naming each zone when they differ.
 */
export function agreedValue(
  zones: readonly BodenrichtwertEntry[],
  field: keyof BodenrichtwertEntry,
): Result<BodenrichtwertEntry[keyof BodenrichtwertEntry]> {
  const distinct = new Set(zones.map((zone) => JSON.stringify(zone[field] ?? null)));
  if (distinct.size <= 1) return ok(zones[0]?.[field]);
  const codes = [...new Set(zones.map((zone) => zone.code))].join('/');
  const list = zones.map((zone) => describeZone(zone, field)).join(', ');
  const message = `${zones.length} Zonen ${codes}: ${list} – Bodenrichtwertnummer als 5. Argument angeben`;
  return fail(new AppError(ErrorCode.ambiguousZone, message));
}
