// The custom functions of namespace BRW. A thin edge: Excel's arguments in, the
// session and the shared core do the work, errors become #VALUE! or #N/A.
// custom-functions-metadata-plugin builds functions.json from the JSDoc below and
// appends the CustomFunctions.associate calls at build time.
//
// BODENRICHTWERT, ZONEN, FLURSTUECK and BODENWERT_FLURSTUECK are request/response functions with the calling
// cell's address (@requiresAddress). Excel runs such a function when its
// formula or inputs change, again on structural edits (office-js #3332) and
// when a workbook saved with an error in the cell opens (office-js #2012);
// a streaming function instead runs again whenever a workbook opens (office-js
// #2220, #6556), shares one stream among formulas with the same arguments and
// is not restarted by range.calculate() (office-js #1734), and the released
// metadata gives a stream no address. Whichever way Excel runs a function by
// itself, the answer the workbook keeps is what the cell gets (no request); the
// address is what lets "Aktualisieren" and the healing of a cell
// (cellHealing.ts) reach exactly the cells meant.
import {
  AppError,
  ErrorCode,
  calculateBodenwert,
  excelFunction,
  functionRequest,
  missingArguments,
  parcelAnswerKey,
  requestKeyParts,
  parcelLandValue,
  parcelTable,
  parseBodenwertInput,
  parseDecimalInput,
  pendingLookup,
  readStichtagArgument,
  readZoneArgument,
  selectionError,
  zoneTable,
} from '#shared/index.js';
import { session } from '../session.js';
import { pendingCellError, toCellError } from './cellErrors.js';
import { workbookUses1904 } from './dateSystem.js';
import { firstAnswer, healingOf, lookupCells } from './lookupCells.js';
import type { FlurstueckResponse, ParcelRequest } from '#shared/index.js';
import type { CellRecord } from '../lookup/workbookAnswers.js';

/** Excel passes null for an omitted optional argument. */
const optional = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * The stichtag argument; a date cell's serial number in the workbook's date
 * system. Throws the cell's error.
 */
async function readStichtag(
  value: number | string | null | undefined,
): Promise<string | undefined> {
  const given = optional(value);
  try {
    const dateSystem1904 = typeof given === 'number' && (await workbookUses1904());
    const date = readStichtagArgument(given, { dateSystem1904 });
    if (!date.ok) throw date.error;
    return date.value;
  } catch (error) {
    throw toCellError(error);
  }
}

/** Excel cancels a call when the cell is edited or deleted meanwhile. */
function cancelSignal(invocation: CustomFunctions.CancelableInvocation): AbortSignal {
  const controller = new AbortController();
  invocation.onCanceled = () => controller.abort();
  return controller.signal;
}

/**
 * Amtlicher Bodenrichtwert in EUR/m² an einer Adresse, oder ein anderes Feld des Eintrags. Ein Bereich von Adressen liefert eine Spalte von Ergebnissen.
 * @customfunction
 * @cancelable
 * @requiresAddress
 * @param adresse Vollständige Adresse mit Straße, Hausnummer, PLZ und Ort, oder ein Bereich solcher Adressen.
 * @param [nutzungsart] Nutzungsart W, M, G, S, L, F oder SO. Ohne Angabe der erste vorhandene Eintrag in dieser Reihenfolge.
 * @param [feld] Feld statt des Bodenrichtwerts, z. B. stichtag, gemeinde, gutachterausschuss, bodenrichtwertnummer, zonenbezeichnung, geschossflaechenzahl, wertrel_geschossflaechenzahl, verfahrensgrund, ackerzahl, ackerzahl_min, ackerzahl_max, gruenlandzahl, gemarkung.
 * @param [stichtag] Wertermittlungsstichtag (Datum oder JJJJ-MM-TT): je Zone der Wert des letzten Stichtags an oder vor diesem Tag. Ohne Angabe die aktuellen Werte.
 * @param [zone] Bodenrichtwertnummer der Zone, wenn mehrere Zonen passen (siehe BRW.ZONEN).
 * @returns Bodenrichtwert in EUR/m² oder das gewählte Feld.
 */
export async function bodenrichtwert(
  // unknown: a range may hold error values (allowErrorForDataTypeAny), each shown in its row.
  adresse: unknown[][],
  // Defaults instead of `?`: the invocation Excel appends must come last. Excel
  // passes null for an omitted argument; blank text counts as not given.
  nutzungsart: string = '',
  feld: string = '',
  stichtag: number | string | null = null,
  zone: number | string | null = null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  const code = optional(nutzungsart);
  const field = optional(feld);
  const inputError = selectionError(code, field);
  if (inputError) throw toCellError(inputError);
  const signal = cancelSignal(invocation);
  const date = await readStichtag(stichtag);
  const cell = invocation.address;
  const selection = {
    nutzungsart: code,
    feld: field,
    stichtag: date,
    zone: readZoneArgument(optional(zone)),
  };
  const result = await lookupCells(
    session.lookups,
    adresse,
    { ...selection, signal, refresh: cell !== undefined && session.refresh.take(cell) },
    (key) => session.healing.settled(key),
  );
  if (cell !== undefined && !signal.aborted) {
    session.healing.report(cell, result.state);
    session.answers.recordCells(cell, { keys: result.keys, ...selection });
  }
  // A single cell shows its error with the message, not a 1×1 array of it.
  const single =
    result.values.length === 1 && result.values[0]?.length === 1 ? result.values[0][0] : undefined;
  if (single instanceof CustomFunctions.Error) throw single;
  return result.values;
}

/**
 * Alle Bodenrichtwertzonen an einer Adresse als Tabelle mit Kopfzeile: Nutzungsart, Kürzel, Bodenrichtwert, Stichtag, Bodenrichtwertnummer, Zone, Entwicklungszustand, Beitragszustand, wertrelevante GFZ und weitere veröffentlichte Felder. Eine Abfrage wie BRW.BODENRICHTWERT.
 * @customfunction
 * @cancelable
 * @requiresAddress
 * @param adresse Vollständige Adresse mit Straße, Hausnummer, PLZ und Ort.
 * @param [stichtag] Wertermittlungsstichtag (Datum oder JJJJ-MM-TT). Ohne Angabe die aktuellen Werte.
 * @returns Eine Zeile je Zone unter der Kopfzeile.
 */
export async function zonen(
  adresse: string,
  stichtag: number | string | null = null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  const signal = cancelSignal(invocation);
  const date = await readStichtag(stichtag);
  const text = String(adresse ?? '').trim();
  if (text === '') return [['']];
  const cell = invocation.address;
  const key = pendingLookup(text, date).key;
  const first = await firstAnswer(
    session.lookups,
    text,
    { signal, stichtag: date, refresh: cell !== undefined && session.refresh.take(cell) },
    () => session.healing.settled(key),
  );
  if (cell !== undefined && !signal.aborted) {
    session.healing.report(cell, {
      pendingKeys: first === 'pending' ? [key] : [],
      needsKey: typeof first === 'object' && 'error' in first && healingOf(first.error) === 'key',
      passingError:
        typeof first === 'object' && 'error' in first && healingOf(first.error) === 'time',
    });
  }
  if (first === 'pending') throw pendingCellError();
  if ('error' in first) throw toCellError(first.error);
  if (cell !== undefined) session.answers.recordCells(cell, { keys: [[key]], table: true });
  return zoneTable(first.response.bodenrichtwerte);
}

/**
 * Bodenwert nach der amtlichen Standardformel für die Umrechnung auf eine andere GFZ, lokal berechnet (ohne Abfrage, ohne Kontingent). Mit Fläche der Bodenwert in EUR, sonst der angepasste Bodenrichtwert in EUR/m².
 * @customfunction
 * @param brw Bodenrichtwert in EUR/m² (mindestens 0).
 * @param gfz_referenz Wertrelevante GFZ des Bodenrichtwerts (größer als 0).
 * @param gfz_tatsaechlich Tatsächliche oder zulässige GFZ des Grundstücks (größer als 0).
 * @param [flaeche] Grundstücksfläche in m²; mit Angabe liefert die Funktion den Bodenwert in EUR.
 * @param [hinterland_flaeche_m2] Fläche des Hinterlands in m² (kleiner als die Fläche); nur mit hinterland_faktor.
 * @param [hinterland_faktor] Wertfaktor des Hinterlands zwischen 0 und 1; nur mit hinterland_flaeche_m2.
 * @returns Bodenwert in EUR, ohne Fläche der angepasste Bodenrichtwert in EUR/m².
 */
export function bodenwert(
  brw: number | string,
  gfz_referenz: number | string,
  gfz_tatsaechlich: number | string,
  flaeche?: number | string,
  hinterland_flaeche_m2?: number | string,
  hinterland_faktor?: number | string,
): number {
  const input = parseBodenwertInput({
    brw,
    gfz_referenz,
    gfz_tatsaechlich,
    flaeche: optional(flaeche),
    hinterland_flaeche_m2: optional(hinterland_flaeche_m2),
    hinterland_faktor: optional(hinterland_faktor),
  });
  if (!input.ok) throw toCellError(input.error);
  const result = calculateBodenwert(input.value);
  return result.bodenwert_euro ?? result.bodenrichtwert_tatsaechlich_euro_pro_m2;
}

/** The GFZ argument of BODENWERT_FLURSTUECK: a number above 0 (text with a comma too). */
function readGfz(value: number | string | null): number | undefined {
  const parsed = parseDecimalInput(optional(value) === '' ? undefined : optional(value));
  if (parsed.kind === 'absent') return undefined;
  if (parsed.kind === 'number' && parsed.value > 0) return parsed.value;
  throw toCellError(
    new AppError(ErrorCode.invalidGfzTatsaechlich, 'Die GFZ muss eine Zahl größer als 0 sein.'),
  );
}

/** What a parcel formula shows, as its cell record keeps it for "Werte fixieren". */
function parcelFormulaOf(
  parcel: 'table' | 'value',
  nutzungsart: string | null | undefined,
): Pick<CellRecord, 'parcel' | 'nutzungsart'> {
  const use = nutzungsart?.trim() ?? '';
  return use === '' ? { parcel } : { parcel, nutzungsart: use };
}

/**
 * The parcel answer of a parcel formula's cell: the kept one or the
 * service's; recorded for "Aktualisieren" and the healing of the cell.
 */
async function parcelOfCell(
  request: ParcelRequest,
  shown: Pick<CellRecord, 'parcel' | 'nutzungsart'>,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<FlurstueckResponse> {
  const cell = invocation.address;
  const key = parcelAnswerKey(request);
  const record = () => {
    if (cell === undefined) return;
    const gfz = request.gfz === undefined ? {} : { gfz: request.gfz };
    session.answers.recordCells(cell, { keys: [[key]], ...shown, ...gfz });
  };
  try {
    const response = await session.parcels.parcel(
      request,
      cell !== undefined && session.refresh.take(cell),
    );
    record();
    return response;
  } catch (error) {
    // An answer about the target itself (not found, 451) is kept, and final.
    if ((await session.answers.getParcel(key))?.kind === 'failed') record();
    throw failedCell(cell, error);
  }
}

/**
 * Ein Flurstück aus dem amtlichen Liegenschaftskataster mit den Bodenrichtwertzonen darauf als Tabelle: Kopfzeile und Zeile des Flurstücks (Kennzeichen, Gemarkung, Flur, Flurstück, amtliche Fläche), dann Kopfzeile und je Zone Bodenrichtwertnummer, Nutzungsart, Bodenrichtwert, Stichtag, Fläche und Anteil. Zählt wie eine Abfrage.
 * @customfunction FLURSTUECK
 * @cancelable
 * @requiresAddress
 * @param adresse_oder_kennzeichen Adresse mit Straße, Hausnummer, PLZ und Ort, oder das Flurstückskennzeichen (20 Zeichen, z. B. 05329001100085______).
 * @param [nutzungsart] Nur Zonen dieser Nutzungsart (W, M, G, S, L, F oder SO). Ohne Angabe alle.
 * @param [stichtag] Wertermittlungsstichtag (Datum oder JJJJ-MM-TT). Ohne Angabe die aktuellen Werte.
 * @returns Das Flurstück und seine Zonen als Tabelle.
 */
export async function flurstueck(
  adresse_oder_kennzeichen: string,
  nutzungsart: string = '',
  stichtag: number | string | null = null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  const inputError = selectionError(optional(nutzungsart));
  if (inputError) throw toCellError(inputError);
  const date = await readStichtag(stichtag);
  const target = String(adresse_oder_kennzeichen ?? '').trim();
  if (target === '') return [['']];
  const shown = parcelFormulaOf('table', nutzungsart);
  const response = await parcelOfCell({ target, stichtag: date }, shown, invocation);
  const table = parcelTable(response, optional(nutzungsart));
  if (!table.ok) throw toCellError(table.error);
  return table.value;
}

/**
 * Bodenwert eines Flurstücks in EUR: je Zone der Nutzungsart ihr Anteil an der amtlichen Fläche mal ihr Bodenrichtwert, summiert. Liegen auf dem Flurstück mehrere Nutzungsarten, muss die Nutzungsart angegeben werden. Zählt wie eine Abfrage; eine andere GFZ nicht erneut.
 * @customfunction BODENWERT_FLURSTUECK
 * @cancelable
 * @requiresAddress
 * @param adresse_oder_kennzeichen Adresse mit Straße, Hausnummer, PLZ und Ort, oder das Flurstückskennzeichen (20 Zeichen).
 * @param [nutzungsart] Nutzungsart W, M, G, S, L, F oder SO; nötig, wenn das Flurstück in Zonen mehrerer Nutzungsarten liegt.
 * @param [stichtag] Wertermittlungsstichtag (Datum oder JJJJ-MM-TT). Ohne Angabe die aktuellen Werte.
 * @param [gfz] GFZ des Grundstücks: je Zone mit wertrelevanter GFZ umgerechnet (amtliche Standardformel).
 * @returns Bodenwert in EUR.
 */
export async function bodenwertFlurstueck(
  adresse_oder_kennzeichen: string,
  nutzungsart: string = '',
  stichtag: number | string | null = null,
  gfz: number | string | null = null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<number | string> {
  const inputError = selectionError(optional(nutzungsart));
  if (inputError) throw toCellError(inputError);
  const date = await readStichtag(stichtag);
  const plotGfz = readGfz(gfz);
  const target = String(adresse_oder_kennzeichen ?? '').trim();
  if (target === '') return '';
  const shown = parcelFormulaOf('value', nutzungsart);
  const request = { target, stichtag: date, gfz: plotGfz };
  const response = await parcelOfCell(request, shown, invocation);
  const value = parcelLandValue(response, optional(nutzungsart), plotGfz);
  if (!value.ok) throw toCellError(value.error);
  return value.value;
}

/**
 * The one cell of a function of the table that asks a GET of its own: the
 * arguments read as the table names them (a date in the workbook's date
 * system), the request and record key from the table, the answer kept in the
 * workbook and recorded for "Werte fixieren" and "Aktualisieren".
 */
async function tableRequestCell(
  id: string,
  given: readonly (number | string | null | undefined)[],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<number | string> {
  const fn = excelFunction(id);
  if (fn === undefined) throw new Error(`${id} is not in the table of spreadsheet functions`);
  const read: (string | undefined)[] = [];
  for (const [i, arg] of fn.args.entries()) {
    const value = optional(given[i]);
    if (arg.kind === 'date') read.push(await readStichtag(value));
    else
      read.push(
        value === undefined || String(value).trim() === '' ? undefined : String(value).trim(),
      );
  }
  if (read[0] === undefined) return '';
  const missing = missingArguments(fn, read);
  if (missing.length > 0) {
    throw toCellError(
      new AppError(ErrorCode.invalidFormat, `Bitte ${missing.join(' und ')} angeben.`),
    );
  }
  const request = functionRequest(fn, read);
  if (request === undefined) throw new Error(`${id} asks no request of its own`);
  const key = JSON.stringify(requestKeyParts(fn, request));
  const cell = invocation.address;
  try {
    const answer = await session.requests.answer(
      fn,
      { ...request, key },
      cell !== undefined && session.refresh.take(cell),
    );
    if (cell !== undefined) session.answers.recordCells(cell, { keys: [[key]], request: fn.excel });
    if ('v' in answer) return answer.v;
    throw new AppError(answer.e.code as ErrorCode, answer.e.message);
  } catch (error) {
    throw failedCell(cell, error);
  }
}

/**
 * Immobilienrichtwert in EUR/m² Wohnfläche an einer Adresse, wie vom Gutachterausschuss veröffentlicht; gibt es mehrere und ist kein Teilmarkt angegeben, der erste (die weiteren in der Notiz von „Werte fixieren“).
 * @customfunction IMMOBILIENRICHTWERT
 * @cancelable
 * @requiresAddress
 * @param adresse Vollständige Adresse mit Straße, Hausnummer, PLZ und Ort.
 * @param [teilmarkt] Teilmarkt, z. B. Eigentumswohnungen. Ohne Angabe der erste.
 * @param [stichtag] Stichtag (Datum oder JJJJ-MM-TT). Ohne Angabe der aktuelle.
 * @returns Immobilienrichtwert in EUR/m² Wohnfläche.
 */
export async function immobilienrichtwert(
  adresse: string,
  teilmarkt: string = '',
  stichtag: number | string | null = null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<number | string> {
  return tableRequestCell('IMMOBILIENRICHTWERT', [adresse, teilmarkt, stichtag], invocation);
}

/**
 * Liegenschaftszinssatz in Prozent des Gutachterausschusses für eine Objektart an einer Adresse.
 * @customfunction LIEGENSCHAFTSZINS
 * @cancelable
 * @requiresAddress
 * @param adresse Vollständige Adresse mit Straße, Hausnummer, PLZ und Ort.
 * @param objektart Objektart, z. B. Mehrfamilienhäuser.
 * @param [stichtag] Stichtag (Datum oder JJJJ-MM-TT). Ohne Angabe der aktuelle.
 * @returns Liegenschaftszinssatz in Prozent.
 */
export async function liegenschaftszins(
  adresse: string,
  objektart: string,
  stichtag: number | string | null = null,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<number | string> {
  return tableRequestCell('LIEGENSCHAFTSZINS', [adresse, objektart, stichtag], invocation);
}

/**
 * The cell's error for a failed request, after telling the healing whether
 * the cell waits for a key or for time (then it is asked again).
 */
function failedCell(cell: string | undefined, error: unknown): CustomFunctions.Error {
  if (cell !== undefined) {
    session.healing.report(cell, {
      pendingKeys: [],
      needsKey: healingOf(error) === 'key',
      passingError: healingOf(error) === 'time',
    });
  }
  return toCellError(error);
}
