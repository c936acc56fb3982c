// Where the add-on keeps the API key and the service URL. By default in the
// user's properties, so one setup covers every spreadsheet of that user; a
// spreadsheet may override them in its document properties (a key of its own
// for a shared spreadsheet). Custom functions read the user properties of the
// spreadsheet's owner, so every editor's formulas use the owner's key (or the
// document's), and its quota; the key is never returned to the sidebar, only a
// masked hint.
import { AppError, ErrorCode, fail, ok, type Result } from '#shared/index.js';
import type { KeyScope, PublicSettings, SettingsInput } from '../sidebar/protocol.js';
import type { AddonServices, SettingsStore } from './ports.js';
import { allowlistError } from './urlAllowlist.js';

const API_KEY = 'brw.apiKey';
const SERVICE_URL = 'brw.serviceUrl';

export interface Settings {
  apiKey: string | null;
  serviceUrl: string;
  /** Where the key in effect is stored; null without a key. */
  keyScope: KeyScope | null;
}

type Stores = Pick<AddonServices, 'documentProperties' | 'userProperties'>;

const storeOf = (stores: Stores, scope: KeyScope): SettingsStore =>
  scope === 'document' ? stores.documentProperties : stores.userProperties;

/** The document's values override the user's. */
export function readSettings(stores: Stores, defaultServiceUrl: string): Settings {
  const documentKey = stores.documentProperties.get(API_KEY);
  const userKey = documentKey === null ? stores.userProperties.get(API_KEY) : null;
  return {
    apiKey: documentKey ?? userKey,
    serviceUrl:
      stores.documentProperties.get(SERVICE_URL) ??
      stores.userProperties.get(SERVICE_URL) ??
      defaultServiceUrl,
    keyScope: documentKey !== null ? 'document' : userKey !== null ? 'user' : null,
  };
}

export function publicSettings(stores: Stores, defaultServiceUrl: string): PublicSettings {
  const { apiKey, serviceUrl, keyScope } = readSettings(stores, defaultServiceUrl);
  return {
    apiKeyHint: apiKey === null ? null : maskApiKey(apiKey),
    keyScope,
    serviceUrl,
    defaultServiceUrl,
    formulaKey: formulaKeyText(apiKey, keyScope),
  };
}

/**
 * Which key the formulas of this spreadsheet use, and whose it is. Custom
 * functions read the user properties of the spreadsheet's owner, not of the
 * person at the keyboard, so a personal key shown here works in the formulas
 * only where that person owns the spreadsheet.
 */
function formulaKeyText(apiKey: string | null, keyScope: KeyScope | null): string {
  if (keyScope === 'document' && apiKey !== null) {
    return `Die Formeln dieser Tabelle nutzen den Schlüssel der Tabelle (${maskApiKey(apiKey)}) – für alle, die sie bearbeiten, auf dessen Kontingent.`;
  }
  const yours =
    apiKey === null
      ? ''
      : ` Ihr Schlüssel (${maskApiKey(apiKey)}) gilt dort nur, wenn Ihnen die Tabelle gehört.`;
  return `Die Formeln dieser Tabelle nutzen den persönlichen Schlüssel der Person, der die Tabelle gehört (Google führt Tabellenfunktionen mit deren Einstellungen aus).${yours} Für eine geteilte Tabelle: „Nur für diese Tabelle speichern“.`;
}

/** Shows only the last four characters, enough to tell two keys apart. */
export function maskApiKey(apiKey: string): string {
  return apiKey.length <= 8 ? '••••' : `••••${apiKey.slice(-4)}`;
}

/**
 * Saves the given fields for the user (default) or for this spreadsheet only.
 * Saving for the user never touches this spreadsheet's key: in a shared
 * spreadsheet it is what every editor's formulas use, and an editor saving a
 * personal key must not take it away. An empty service URL returns to the default.
 */
export function saveSettings(stores: Stores, input: SettingsInput): Result<null> {
  const scope = input.scope ?? 'user';
  const store = storeOf(stores, scope);
  const apiKey = input.apiKey?.trim();
  if (apiKey !== undefined && (apiKey === '' || /\s/.test(apiKey))) {
    return fail(
      new AppError(
        ErrorCode.invalidToken,
        'Bitte einen API-Schlüssel ohne Leerzeichen eingeben (aus dem Dashboard kopieren).',
      ),
    );
  }
  const serviceUrl = input.serviceUrl?.trim();
  const normalized = serviceUrl ? normalizeServiceUrl(serviceUrl) : ok(undefined);
  if (!normalized.ok) return normalized;
  const refused = normalized.value === undefined ? undefined : allowlistError(normalized.value);
  if (refused) return fail(refused);

  if (apiKey !== undefined) store.set(API_KEY, apiKey);
  if (serviceUrl !== undefined) {
    if (normalized.value === undefined) store.remove(SERVICE_URL);
    else store.set(SERVICE_URL, normalized.value);
  }
  return ok(null);
}

/** Removes the key in effect: this spreadsheet's own, else the user's. */
export function removeApiKey(stores: Stores): void {
  const { keyScope } = readSettings(stores, '');
  if (keyScope !== null) storeOf(stores, keyScope).remove(API_KEY);
}

// Apps Script has no URL class, hence the pattern: scheme, host, optional path,
// no query or fragment (the add-on appends its own paths and queries).
const SERVICE_URL_PATTERN = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i;

export function normalizeServiceUrl(value: string): Result<string> {
  if (!SERVICE_URL_PATTERN.test(value)) {
    return fail(
      new AppError(
        ErrorCode.invalidBody,
        'Die Dienst-URL muss mit https:// (oder http://) beginnen und darf weder „?“ noch „#“ enthalten.',
      ),
    );
  }
  return ok(value.replace(/\/+$/, ''));
}
