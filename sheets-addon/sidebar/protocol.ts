// What the sidebar and the server functions exchange through google.script.run.
// Shared by both sides; holds types only, so it fits the DOM and the Apps Script build.
import type { MeResponse } from '#shared/apiTypes.js';
import type { ListedAttribution } from '#shared/client/attributionList.js';
import type { LookupProgress } from '#shared/client/lookupProgress.js';

/** Where a key is stored: for the user (all spreadsheets) or for this spreadsheet only. */
export type KeyScope = 'user' | 'document';

/** What the sidebar may see of the settings: never the key, only its masked hint. */
export interface PublicSettings {
  apiKeyHint: string | null;
  keyScope: KeyScope | null;
  /** Which key the formulas of this spreadsheet use and whose it is (German text). */
  formulaKey: string;
  serviceUrl: string;
  defaultServiceUrl: string;
}

/** The answers the spreadsheet keeps (document properties), for the sidebar's "Werte" section. */
export interface RecordState {
  /** Answers kept. */
  cells: number;
  bytes: number;
  /** The record's bound; past it, new answers are shown but not kept. */
  maxBytes: number;
  /** Cells of the add-on's formulas without a kept answer (pending, an error of the moment, past the bound). */
  missing: number;
}

export interface SidebarState {
  settings: PublicSettings;
  record: RecordState;
  /** Present when a column is filled with one formula per row: the suggestion of a range formula. */
  fillDownHint?: string;
  /** Attributions of every source whose values this spreadsheet received, newest first. */
  attributions: ListedAttribution[];
}

export interface SettingsInput {
  apiKey?: string;
  serviceUrl?: string;
  /** Default 'user'. */
  scope?: KeyScope;
}

export type SaveAnswer = { ok: true; state: SidebarState } | { ok: false; message: string };

export type AccountAnswer = { ok: true; account: MeResponse } | { ok: false; message: string };

/** The global server functions the sidebar calls (see src/index.ts). */
export interface ServerFunctions {
  getSidebarState(): SidebarState;
  saveSettings(input: SettingsInput): SaveAnswer;
  removeApiKey(): SidebarState;
  getAccount(): AccountAnswer;
  /** "Fehlende Werte laden": re-enters the formulas with a cell not kept. */
  refreshValues(): LoadAnswer;
  /** "Aktualisieren": asks the service again for the kept answers of the formulas in `scope`. */
  refreshStoredValues(scope: RefreshScope): RefreshAnswer;
  /** "Werte fixieren": the selected formulas become values with a note per cell. */
  fixValues(): FixAnswer;
  /** The latest BODENRICHTWERT run of this spreadsheet; null when none ran lately. */
  getProgress(): LookupProgress | null;
}

/** How many formulas "Fehlende Werte laden" had Sheets run again. */
export interface LoadAnswer {
  formulas: number;
}

/** The formulas "Aktualisieren" is about: those touching the selection, the selected sheet's, or all. */
export type RefreshScope = 'selection' | 'sheet' | 'spreadsheet';

export interface RefreshAnswer {
  /** Formulas re-entered. */
  formulas: number;
  /** Kept answers asked for again. */
  cells: number;
}

export interface FixAnswer {
  /** Cells that now hold a value instead of a formula's result. */
  cells: number;
  /** Why a selected formula was left as it is, one German sentence each. */
  skipped: string[];
}
