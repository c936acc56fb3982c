// The Apps Script entry: only the global functions Sheets and the sidebar call.
// gas-webpack-plugin turns each `global.NAME = …` below into a top-level
// `function NAME() {}` with the JSDoc above it, which is how Sheets finds
// custom functions and their help text. Each custom function is the table's
// record of its name (tableFormula.ts); the JSDoc is its static help, which
// the bundle test checks against the table.
import { sheetsFunction, type SheetsFunctionName } from '#shared/index.js';
import { DEFAULT_SERVICE_URL } from './buildConstants.js';
import { buildMenu, showSidebar } from './gas/menu.js';
import { gasServices } from './gas/services.js';
import type { FormulaContext } from './lookup/recordedAnswers.js';
import { customFunction } from './lookup/tableFormula.js';
import { LOCK_BUDGET_MS } from './runBudget.js';
import { SidebarApi } from './sidebarApi.js';

declare const global: Record<string, unknown>;

/** A custom-function run: its start, and services that keep to its time plan. */
function formulaRun(): FormulaContext {
  const startedAt = Date.now();
  return {
    services: gasServices(startedAt + LOCK_BUDGET_MS),
    defaultServiceUrl: DEFAULT_SERVICE_URL,
    startedAt,
  };
}

/** The custom function of the table's record with this Sheets name. */
function tableFunction(name: SheetsFunctionName) {
  const fn = sheetsFunction(name);
  if (fn === undefined) throw new Error(`${name} is not in the table of spreadsheet functions`);
  return customFunction(fn, formulaRun);
}

const sidebarApi = () =>
  new SidebarApi(gasServices(), DEFAULT_SERVICE_URL, {
    document: SpreadsheetApp.getActiveSpreadsheet(),
    flush: () => SpreadsheetApp.flush(),
  });

/**
 * Bodenrichtwert (Euro/m²) oder ein anderes Feld der Bodenrichtwertzone einer Adresse.
 * Daten: Gutachterausschüsse, Datenlizenz Deutschland – Namensnennung 2.0 (Quellenangabe im Menü).
 *
 * @param {string|Array<Array<string>>} adresse Vollständige Adresse (Straße, Hausnummer, PLZ, Ort) oder ein Bereich von Adressen.
 * @param {string} nutzungsart Optional: W, M, G, S, L, F oder SO. Leer: die erste Zone in der Reihenfolge W, M, G, S, L, F, SO.
 * @param {string} feld Optional: brw_euro_pro_m2 (Standard), stichtag, gemeinde, zonenbezeichnung, wertrel_geschossflaechenzahl u. a.
 * @param {Date|string} stichtag Optional: Wertermittlungsstichtag (Datum oder JJJJ-MM-TT); je Zone der Wert des letzten Stichtags an oder vor diesem Tag. Leer: die aktuellen Werte.
 * @param {string} zone Optional: Bodenrichtwertnummer der Zone, wenn mehrere Zonen passen (siehe BODENRICHTWERT_ZONEN).
 * @return Der Wert je Adresse; ein Bereich ergibt eine Spalte mit Werten.
 * @customfunction
 */
global.BODENRICHTWERT = tableFunction('BODENRICHTWERT');

/**
 * Alle Bodenrichtwertzonen an einer Adresse als Tabelle mit Kopfzeile (Nutzungsart, Kürzel,
 * Bodenrichtwert, Stichtag, Bodenrichtwertnummer, Zone, Entwicklungszustand, Beitragszustand,
 * wertrelevante GFZ und weitere veröffentlichte Felder). Eine Abfrage wie BODENRICHTWERT.
 *
 * @param {string} adresse Vollständige Adresse (Straße, Hausnummer, PLZ, Ort).
 * @param {Date|string} stichtag Optional: Wertermittlungsstichtag (Datum oder JJJJ-MM-TT). Leer: die aktuellen Werte.
 * @return Eine Zeile je Zone unter der Kopfzeile.
 * @customfunction
 */
global.BODENRICHTWERT_ZONEN = tableFunction('BODENRICHTWERT_ZONEN');

/**
 * Ein Flurstück aus dem amtlichen Liegenschaftskataster und die Bodenrichtwertzonen darauf als
 * Tabelle: Kopfzeile und Zeile des Flurstücks (Kennzeichen, Gemarkung, Flur, Flurstück, amtliche
 * Fläche), dann Kopfzeile und je Zone Bodenrichtwertnummer, Nutzungsart, Bodenrichtwert,
 * Stichtag, Fläche und Anteil. Zählt wie eine Abfrage.
 *
 * @param {string} adresse_oder_kennzeichen Adresse (Straße, Hausnummer, PLZ, Ort) oder Flurstückskennzeichen (20 Zeichen, z. B. 05329001100085______).
 * @param {string} nutzungsart Optional: nur Zonen dieser Nutzungsart (W, M, G, S, L, F oder SO). Leer: alle.
 * @param {Date|string} stichtag Optional: Wertermittlungsstichtag (Datum oder JJJJ-MM-TT). Leer: die aktuellen Werte.
 * @return Das Flurstück und seine Zonen als Tabelle.
 * @customfunction
 */
global.BODENRICHTWERT_FLURSTUECK = tableFunction('BODENRICHTWERT_FLURSTUECK');

/**
 * Bodenwert eines Flurstücks in Euro: je Zone der Nutzungsart ihr Anteil an der amtlichen Fläche
 * mal ihr Bodenrichtwert, summiert. Liegt das Flurstück in Zonen mehrerer Nutzungsarten, muss die
 * Nutzungsart angegeben werden. Zählt wie eine Abfrage; eine andere GFZ nicht erneut.
 *
 * @param {string} adresse_oder_kennzeichen Adresse (Straße, Hausnummer, PLZ, Ort) oder Flurstückskennzeichen (20 Zeichen).
 * @param {string} nutzungsart Optional: W, M, G, S, L, F oder SO; nötig bei mehreren Nutzungsarten.
 * @param {Date|string} stichtag Optional: Wertermittlungsstichtag (Datum oder JJJJ-MM-TT). Leer: die aktuellen Werte.
 * @param {number} gfz Optional: GFZ des Grundstücks; je Zone mit wertrelevanter GFZ umgerechnet.
 * @return Bodenwert in Euro.
 * @customfunction
 */
global.BODENWERT_FLURSTUECK = tableFunction('BODENWERT_FLURSTUECK');

/**
 * Auf die tatsächliche GFZ umgerechneter Bodenrichtwert (Euro/m²) nach der amtlichen
 * Standardformel, mit Fläche der Bodenwert in Euro. Rechnet lokal, ohne Kontingent.
 *
 * @param {number} brw Bodenrichtwert in Euro/m² (>= 0).
 * @param {number} gfz_referenz Wertrelevante GFZ der Bodenrichtwertzone (> 0).
 * @param {number} gfz_tatsaechlich Tatsächliche oder zulässige GFZ des Grundstücks (> 0).
 * @param {number} flaeche Optional: Grundstücksfläche in m²; dann Ergebnis in Euro.
 * @param {number} hinterland_flaeche_m2 Optional: Hinterlandfläche in m² (nur mit Fläche und Faktor).
 * @param {number} hinterland_faktor Optional: Wertfaktor des Hinterlands, 0 bis 1.
 * @return Euro/m² ohne Fläche, sonst Bodenwert in Euro; Bereiche ergeben eine Spalte.
 * @customfunction
 */
global.BODENWERT = tableFunction('BODENWERT');

/**
 * Immobilienrichtwert (Euro/m² Wohnfläche) an einer Adresse, wie vom Gutachterausschuss
 * veröffentlicht; gibt es mehrere, der erste (die weiteren in der Notiz von „Werte fixieren“).
 * Daten: Gutachterausschüsse (Quellenangabe im Menü).
 *
 * @param {string} adresse Vollständige Adresse (Straße, Hausnummer, PLZ, Ort).
 * @param {string} teilmarkt Optional: Teilmarkt, z. B. Eigentumswohnungen. Leer: der erste.
 * @param {Date|string} stichtag Optional: Stichtag (Datum oder JJJJ-MM-TT). Leer: der aktuelle.
 * @return Immobilienrichtwert in Euro/m² Wohnfläche.
 * @customfunction
 */
global.IMMOBILIENRICHTWERT = tableFunction('IMMOBILIENRICHTWERT');

/**
 * Liegenschaftszinssatz (Prozent) des Gutachterausschusses für eine Objektart an einer Adresse.
 * Daten: Gutachterausschüsse (Quellenangabe im Menü).
 *
 * @param {string} adresse Vollständige Adresse (Straße, Hausnummer, PLZ, Ort).
 * @param {string} objektart Objektart, z. B. Mehrfamilienhäuser.
 * @param {Date|string} stichtag Optional: Stichtag (Datum oder JJJJ-MM-TT). Leer: der aktuelle.
 * @return Liegenschaftszinssatz in Prozent.
 * @customfunction
 */
global.LIEGENSCHAFTSZINS = tableFunction('LIEGENSCHAFTSZINS');

/** Builds the add-on menu when the spreadsheet opens. */
global.onOpen = () => {
  buildMenu(SpreadsheetApp.getUi());
};

/** Right after installing, the spreadsheet is already open: build the menu now. */
global.onInstall = () => {
  buildMenu(SpreadsheetApp.getUi());
};

/** Menu "Einstellungen": the sidebar with key, service URL and account. */
global.showSettings = () => {
  showSidebar('einstellungen');
};

/** Menu "Quellenangabe und Hinweis": the sidebar opened at attribution and disclaimer. */
global.showNotice = () => {
  showSidebar('hinweis');
};

/**
 * Menu "Fehlende Werte laden" (and the sidebar after saving a key, or by itself
 * while cells are pending): re-enters the formulas with a cell whose answer is
 * not kept, so Sheets runs them again.
 */
global.refreshValues = () => {
  const answer = sidebarApi().loadMissing();
  SpreadsheetApp.getActiveSpreadsheet().toast(
    answer.formulas === 0
      ? 'Alle Werte sind geladen.'
      : `${answer.formulas} Formeln laden fehlende Werte.`,
    'Bodenrichtwert',
  );
  return answer;
};

/** Sidebar "Aktualisieren": the service's current answers for the selection, the sheet or the spreadsheet. */
global.refreshStoredValues = (scope: unknown) => sidebarApi().refreshStored(scope);

/** Sidebar "Werte fixieren": the selected formulas become values, each with a note of its source. */
global.fixValues = () => sidebarApi().fixValues();

/** Sidebar: settings (masked key) and the attributions of every source in this spreadsheet. */
global.getSidebarState = () => sidebarApi().state();

/** Sidebar: saves the API key and/or the service URL for the user or this spreadsheet. */
global.saveSettings = (input: unknown) => sidebarApi().save(input);

/** Sidebar: deletes the stored API key. */
global.removeApiKey = () => sidebarApi().removeKey();

/** Sidebar: plan, usage, limit and trial from GET /api/me. */
global.getAccount = () => sidebarApi().account();

/** Sidebar (polled): how far the latest BODENRICHTWERT run has got. */
global.getProgress = () => sidebarApi().progress();
