// The custom functions of namespace BRW: the stubs Excel's metadata needs.
// custom-functions-metadata-plugin builds functions.json from the JSDoc below and
// appends the CustomFunctions.associate calls at build time (the manifest test
// checks them against the table of spreadsheet functions). Each stub hands
// Excel's arguments to the table's record of its function (tableCell.ts);
// errors become #VALUE! or #N/A.
//
// The functions asking the service are request/response functions with the calling
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
import { localCell, tableCell } from './tableCell.js';

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
  return (await tableCell(
    'BODENRICHTWERT',
    [adresse, nutzungsart, feld, stichtag, zone],
    invocation,
  )) as unknown[][];
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
  return (await tableCell('ZONEN', [adresse, stichtag], invocation)) as unknown[][];
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
  return localCell('BODENWERT', [
    brw,
    gfz_referenz,
    gfz_tatsaechlich,
    flaeche,
    hinterland_flaeche_m2,
    hinterland_faktor,
  ]);
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
  return (await tableCell(
    'FLURSTUECK',
    [adresse_oder_kennzeichen, nutzungsart, stichtag],
    invocation,
  )) as unknown[][];
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
  return (await tableCell(
    'BODENWERT_FLURSTUECK',
    [adresse_oder_kennzeichen, nutzungsart, stichtag, gfz],
    invocation,
  )) as number | string;
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
  return (await tableCell('IMMOBILIENRICHTWERT', [adresse, teilmarkt, stichtag], invocation)) as
    number | string;
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
  return (await tableCell('LIEGENSCHAFTSZINS', [adresse, objektart, stichtag], invocation)) as
    number | string;
}
