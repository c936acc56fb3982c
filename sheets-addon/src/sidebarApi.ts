// The server side of the sidebar: what google.script.run may call. Answers are
// plain objects; the API key never leaves the server side, only its hint.
import type {
  AccountAnswer,
  SaveAnswer,
  SettingsInput,
  SidebarState,
} from '../sidebar/protocol.js';
import { loadAccount } from './account.js';
import { readAttributions } from './attributionLog.js';
import type { AddonServices } from './ports.js';
import { publicSettings, removeApiKey, saveSettings } from './settings.js';

export class SidebarApi {
  constructor(
    private readonly services: AddonServices,
    private readonly defaultServiceUrl: string,
  ) {}

  state(): SidebarState {
    return {
      settings: publicSettings(this.services.settings, this.defaultServiceUrl),
      attributions: readAttributions(this.services.cache),
    };
  }

  save(input: unknown): SaveAnswer {
    const saved = saveSettings(this.services.settings, readSettingsInput(input));
    return saved.ok
      ? { ok: true, state: this.state() }
      : { ok: false, message: saved.error.message };
  }

  removeKey(): SidebarState {
    removeApiKey(this.services.settings);
    return this.state();
  }

  account(): AccountAnswer {
    return loadAccount(this.services, this.defaultServiceUrl);
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
  return result;
}
