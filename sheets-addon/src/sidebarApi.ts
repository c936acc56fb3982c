// The server side of the sidebar: what google.script.run may call. Answers are
// plain objects; the API key never leaves the server side, only its hint.
import type { LookupProgress } from '#shared/index.js';
import type {
  AccountAnswer,
  FixAnswer,
  LoadAnswer,
  RefreshAnswer,
  RefreshScope,
  SaveAnswer,
  SettingsInput,
  SidebarState,
} from '../sidebar/protocol.js';
import { loadAccount } from './account.js';
import { readAttributions } from './attributionLog.js';
import { fillDownHint } from './fillDownHint.js';
import { readProgress } from './lookup/progressLog.js';
import type { AddonServices } from './ports.js';
import { publicSettings, removeApiKey, saveSettings } from './settings.js';
import type { SelectionDocument } from './workbook/document.js';
import { fixValues } from './workbook/fixValues.js';
import { loadMissingAnswers } from './workbook/missingAnswers.js';
import { recordState } from './workbook/recordState.js';
import { refreshStoredAnswers } from './workbook/refreshStored.js';

/** The open spreadsheet, and SpreadsheetApp.flush to apply changes before going on. */
export interface Workbook {
  document: SelectionDocument;
  flush(): void;
}

const SCOPES: readonly RefreshScope[] = ['selection', 'sheet', 'spreadsheet'];

export class SidebarApi {
  constructor(
    private readonly services: AddonServices,
    private readonly defaultServiceUrl: string,
    private readonly workbook: Workbook,
  ) {}

  state(): SidebarState {
    const { document } = this.workbook;
    const hint = fillDownHint(document);
    return {
      settings: publicSettings(this.services, this.defaultServiceUrl),
      record: recordState(document, this.services),
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

  /** After saving a key and while cells are pending: cells without a kept answer fill in. */
  loadMissing(): LoadAnswer {
    const { document, flush } = this.workbook;
    return { formulas: loadMissingAnswers(document, this.services, flush) };
  }

  refreshStored(scope: unknown): RefreshAnswer {
    const chosen = SCOPES.find((known) => known === scope) ?? 'selection';
    const { document, flush } = this.workbook;
    return refreshStoredAnswers(document, this.services, chosen, flush);
  }

  fixValues(): FixAnswer {
    return fixValues(this.workbook.document, this.services);
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
