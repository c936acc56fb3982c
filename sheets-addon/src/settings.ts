// Where the add-on keeps the API key and the service URL: the document
// properties of the spreadsheet. Custom functions can read document properties
// but not the properties of the user at the keyboard, so a key stored per user
// would be invisible to the formulas of every collaborator. The consequence
// (documented in docs/spreadsheets.md and in the sidebar): every editor of the
// spreadsheet uses the stored key, and its quota, through the formulas; the key
// itself is never returned to the sidebar, only a masked hint.
import { AppError, ErrorCode, fail, ok, type Result } from '../../shared/src/index.js';
import type { PublicSettings, SettingsInput } from '../sidebar/protocol.js';
import type { SettingsStore } from './ports.js';

const API_KEY = 'brw.apiKey';
const SERVICE_URL = 'brw.serviceUrl';

export interface Settings {
  apiKey: string | null;
  serviceUrl: string;
}

export function readSettings(store: SettingsStore, defaultServiceUrl: string): Settings {
  return {
    apiKey: store.get(API_KEY),
    serviceUrl: store.get(SERVICE_URL) ?? defaultServiceUrl,
  };
}

export function publicSettings(store: SettingsStore, defaultServiceUrl: string): PublicSettings {
  const { apiKey, serviceUrl } = readSettings(store, defaultServiceUrl);
  return { apiKeyHint: apiKey === null ? null : maskApiKey(apiKey), serviceUrl, defaultServiceUrl };
}

/** Shows only the last four characters, enough to tell two keys apart. */
export function maskApiKey(apiKey: string): string {
  return apiKey.length <= 8 ? '••••' : `••••${apiKey.slice(-4)}`;
}

/** Saves the given fields; an empty service URL returns to the default. */
export function saveSettings(store: SettingsStore, input: SettingsInput): Result<null> {
  if (input.apiKey !== undefined) {
    const apiKey = input.apiKey.trim();
    if (apiKey === '' || /\s/.test(apiKey)) {
      return fail(
        new AppError(
          ErrorCode.invalidToken,
          'Bitte einen API-Schlüssel ohne Leerzeichen eingeben (aus dem Dashboard kopieren).',
        ),
      );
    }
    store.set(API_KEY, apiKey);
  }
  if (input.serviceUrl !== undefined) {
    const serviceUrl = input.serviceUrl.trim();
    if (serviceUrl === '') {
      store.remove(SERVICE_URL);
      return ok(null);
    }
    const normalized = normalizeServiceUrl(serviceUrl);
    if (!normalized.ok) return normalized;
    store.set(SERVICE_URL, normalized.value);
  }
  return ok(null);
}

export function removeApiKey(store: SettingsStore): void {
  store.remove(API_KEY);
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
