// What the sidebar and the server functions exchange through google.script.run.
// Shared by both sides; holds types only, so it fits the DOM and the Apps Script build.
import type { Attribution, MeResponse } from '#shared/apiTypes.js';
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

export interface SidebarState {
  settings: PublicSettings;
  /** Present when a column is filled with one formula per row: the suggestion of a range formula. */
  fillDownHint?: string;
  /** Attributions of every source whose values this spreadsheet received, newest first. */
  attributions: Attribution[];
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
  refreshValues(): RefreshAnswer;
  /** The latest BODENRICHTWERT run of this spreadsheet; null when none ran lately. */
  getProgress(): LookupProgress | null;
}

/** How many formulas "Werte aktualisieren" had Sheets recalculate. */
export interface RefreshAnswer {
  formulas: number;
}
