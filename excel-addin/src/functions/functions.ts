// The custom functions of namespace BRW. A thin edge: Excel's arguments in, the
// session and the shared core do the work, errors become #VALUE! or #N/A.
// custom-functions-metadata-plugin builds functions.json from the JSDoc below and
// appends the CustomFunctions.associate calls at build time.
import {
  calculateBodenwert,
  parseBodenwertInput,
  readStichtagArgument,
  readZoneArgument,
  selectionError,
  zoneTable,
} from '#shared/index.js';
import { session } from '../session.js';
import { toCellError } from './cellErrors.js';
import { workbookUses1904 } from './dateSystem.js';
import { PENDING_CELL_TEXT, lookupCells, type CellValue } from './lookupCells.js';

/** Excel passes null for an omitted optional argument. */
const optional = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The stichtag argument; a date cell's serial number in the workbook's date system. */
async function readStichtag(value: number | string | null | undefined) {
  const given = optional(value);
  const dateSystem1904 = typeof given === 'number' && (await workbookUses1904());
  return readStichtagArgument(given, { dateSystem1904 });
}

/**
 * Amtlicher Bodenrichtwert in EUR/m² an einer Adresse, oder ein anderes Feld des Eintrags. Ein Bereich von Adressen liefert eine Spalte von Ergebnissen.
 * @customfunction
 * @streaming
 * @param adresse Vollständige Adresse mit Straße, Hausnummer, PLZ und Ort, oder ein Bereich solcher Adressen.
 * @param [nutzungsart] Nutzungsart W, M, G, S, L, F oder SO. Ohne Angabe der erste vorhandene Eintrag in dieser Reihenfolge.
 * @param [feld] Feld statt des Bodenrichtwerts, z. B. stichtag, gemeinde, gutachterausschuss, bodenrichtwertnummer, zonenbezeichnung, geschossflaechenzahl, wertrel_geschossflaechenzahl, verfahrensgrund, ackerzahl, gruenlandzahl, gemarkung.
 * @param [stichtag] Wertermittlungsstichtag (Datum oder JJJJ-MM-TT): je Zone der Wert des letzten Stichtags an oder vor diesem Tag. Ohne Angabe die aktuellen Werte.
 * @param [zone] Bodenrichtwertnummer der Zone, wenn mehrere Zonen passen (siehe BRW.ZONEN).
 * @returns Bodenrichtwert in EUR/m² oder das gewählte Feld.
 */
export function bodenrichtwert(
  adresse: string[][],
  // Defaults instead of `?`: the invocation Excel appends must come last. Excel
  // passes null for an omitted argument; blank text counts as not given.
  nutzungsart: string = '',
  feld: string = '',
  stichtag: number | string | null = null,
  zone: number | string | null = null,
  // A streaming function: the cells show "wird geladen …" while the service is
  // still working on their addresses and fill in by themselves; Excel cancels
  // it (onCanceled) when the cell is edited or deleted.
  invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
): void {
  const show = (values: CellValue[][]) => {
    // A single cell shows its error with the message, not a 1×1 array of it.
    const single = values.length === 1 && values[0]?.length === 1 ? values[0][0] : undefined;
    if (single instanceof CustomFunctions.Error) invocation.setResult(single);
    else invocation.setResult(values);
  };
  const code = optional(nutzungsart);
  const field = optional(feld);
  const inputError = selectionError(code, field);
  if (inputError) return invocation.setResult(toCellError(inputError));
  const controller = new AbortController();
  invocation.onCanceled = () => controller.abort();
  void readStichtag(stichtag).then((date) => {
    if (!date.ok) return invocation.setResult(toCellError(date.error));
    // What the cells show until every address has its answer. Once a cell was
    // shown loading, new values are shown as they come, coalesced per tick.
    const shown: CellValue[][] = adresse.map((row) => row.map(() => PENDING_CELL_TEXT));
    let loadingShown = false;
    let scheduled = false;
    const refresh = () => {
      if (scheduled) return;
      scheduled = true;
      void Promise.resolve().then(() => {
        scheduled = false;
        show(shown.map((row) => [...row]));
      });
    };
    void lookupCells(
      session.lookups,
      adresse,
      {
        nutzungsart: code,
        feld: field,
        stichtag: date.value,
        zone: readZoneArgument(optional(zone)),
        signal: controller.signal,
        onPending: () => {
          loadingShown = true;
          refresh();
        },
      },
      (row, column, value) => {
        const cells = shown[row];
        if (cells) cells[column] = value;
        if (loadingShown) refresh();
      },
    ).then(show, (error: unknown) => invocation.setResult(toCellError(error)));
  });
}

/**
 * Alle Bodenrichtwertzonen an einer Adresse als Tabelle mit Kopfzeile: Nutzungsart, Kürzel, Bodenrichtwert, Stichtag, Bodenrichtwertnummer, Zone, Entwicklungszustand, Beitragszustand, wertrelevante GFZ und weitere veröffentlichte Felder. Eine Abfrage wie BRW.BODENRICHTWERT.
 * @customfunction
 * @cancelable
 * @param adresse Vollständige Adresse mit Straße, Hausnummer, PLZ und Ort.
 * @param [stichtag] Wertermittlungsstichtag (Datum oder JJJJ-MM-TT). Ohne Angabe die aktuellen Werte.
 * @returns Eine Zeile je Zone unter der Kopfzeile.
 */
export async function zonen(
  adresse: string,
  stichtag?: number | string,
  invocation?: CustomFunctions.CancelableInvocation,
): Promise<unknown[][]> {
  const date = await readStichtag(stichtag);
  if (!date.ok) throw toCellError(date.error);
  const text = String(adresse ?? '').trim();
  if (text === '') return [['']];
  const controller = new AbortController();
  if (invocation) invocation.onCanceled = () => controller.abort();
  try {
    const response = await session.lookups.lookup(text, controller.signal, date.value);
    return zoneTable(response.bodenrichtwerte);
  } catch (error) {
    throw toCellError(error);
  }
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
