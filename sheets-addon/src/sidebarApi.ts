// The server side of the sidebar: what google.script.run may call. Answers are
// plain objects; the API key never leaves the server side, only its hint.
import type { LookupProgress } from '#shared/index.js';
import type {
  AccountAnswer,
  RefreshAnswer,
  SaveAnswer,
  SettingsInput,
  SidebarState,
} from '../sidebar/protocol.js';
import { loadAccount } from './account.js';
import { readAttributions } from './attributionLog.js';
import { readProgress } from './lookup/progressLog.js';
import type { AddonServices } from './ports.js';
import { fillDownHint } from './fillDownHint.js';
import { refreshLookupFormulas, type FormulaDocument } from './refreshFormulas.js';
import { publicSettings, removeApiKey, saveSettings } from './settings.js';

export class SidebarApi {
  constructor(
    private readonly services: AddonServices,
    private readonly defaultServiceUrl: string,
  ) {}

  /** `document`: the open spreadsheet, searched for a column filled row by row. */
  state(document?: FormulaDocument): SidebarState {
    const hint = document === undefined ? null : fillDownHint(document);
    return {
      settings: publicSettings(this.services, this.defaultServiceUrl),
      attributions: readAttributions(this.services.documentProperties),
      ...(hint === null ? {} : { fillDownHint: hint }),
    };
  }

  save(input: unknown): SaveAnswer {
    const saved = saveSettings(this.services, readSettingsInput(input));
    return saved.ok
      ? { ok: true, state: this.state() }
      : { ok: false, message: saved.error.message };
  }

  removeKey(): SidebarState {
    removeApiKey(this.services);
    return this.state();
  }

  account(): AccountAnswer {
    return loadAccount(this.services, this.defaultServiceUrl);
  }

  progress(): LookupProgress | null {
    return readProgress(this.services);
  }

  /** Saving a key is followed by this, so cells showing "Kein API-Schlüssel" fill in. */
  refresh(document: FormulaDocument, flush: () => void): RefreshAnswer {
    return { formulas: refreshLookupFormulas(document, flush) };
  }
}

/** google.script.run passes whatever the page sends; keep only string fields. */
function readSettingsInput(input: unknown): SettingsInput {
  const fields =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const result: SettingsInput = {};
  const apiKey = text(fields['apiKey']);
  const serviceUrl = text(fields['serviceUrl']);
  if (apiKey !== undefined) result.apiKey = apiKey;
  if (serviceUrl !== undefined) result.serviceUrl = serviceUrl;
  if (fields['scope'] === 'document' || fields['scope'] === 'user') result.scope = fields['scope'];
  return result;
}
