// The user's API key and service URL. They live in OfficeRuntime.storage (per
// user and machine, never in the workbook) and are read once per session; the
// task pane's save() replaces the in-memory copy and then recalculates the
// workbook, so a new key takes effect without reloading the add-in.
import { AppError, ErrorCode } from '#shared/index.js';

/** The part of OfficeRuntime.storage the add-in uses. */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface AddinSettings {
  /** '' when the user has not stored a key yet. */
  apiKey: string;
  /** Without trailing slash. */
  serviceUrl: string;
}

export interface SettingsStore {
  get(): Promise<AddinSettings>;
  save(next: AddinSettings): Promise<AddinSettings>;
  /** Called after every save; returns the unsubscribe function. */
  onChange(listener: (settings: AddinSettings) => void): () => void;
}

export const STORAGE_KEYS = { apiKey: 'brw.apiKey', serviceUrl: 'brw.serviceUrl' } as const;

/** Accepts http(s) URLs only and drops trailing slashes, so paths can be appended. */
export function normalizeServiceUrl(value: string): string {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError(ErrorCode.invalidBody, `„${trimmed}“ ist keine gültige Dienst-URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError(ErrorCode.invalidBody, 'Die Dienst-URL muss mit https:// beginnen.');
  }
  return trimmed.replace(/\/+$/, '');
}

export function createSettingsStore(
  storage: KeyValueStorage,
  defaultServiceUrl: string,
): SettingsStore {
  let current: Promise<AddinSettings> | undefined;
  const listeners = new Set<(settings: AddinSettings) => void>();

  async function read(): Promise<AddinSettings> {
    const [apiKey, serviceUrl] = await Promise.all([
      storage.getItem(STORAGE_KEYS.apiKey),
      storage.getItem(STORAGE_KEYS.serviceUrl),
    ]);
    return { apiKey: apiKey ?? '', serviceUrl: serviceUrl || defaultServiceUrl };
  }

  return {
    get() {
      // A failed read is not kept, so the next cell tries again.
      current ??= read().catch((error: unknown) => {
        current = undefined;
        throw error;
      });
      return current;
    },
    async save(next) {
      const settings = {
        apiKey: next.apiKey.trim(),
        serviceUrl: normalizeServiceUrl(next.serviceUrl),
      };
      await (settings.apiKey === ''
        ? storage.removeItem(STORAGE_KEYS.apiKey)
        : storage.setItem(STORAGE_KEYS.apiKey, settings.apiKey));
      await storage.setItem(STORAGE_KEYS.serviceUrl, settings.serviceUrl);
      current = Promise.resolve(settings);
      for (const listener of listeners) listener(settings);
      return settings;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
