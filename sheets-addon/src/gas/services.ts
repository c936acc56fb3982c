// Adapters from the Apps Script services to the ports of the add-on. Only the
// modules in gas/ and index.ts touch Apps Script globals.
import type {
  AddonServices,
  DocumentLock,
  HttpResponse,
  KeyValueCache,
  SettingsStore,
} from '../ports.js';

function toResponse(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getAllHeaders())) {
    headers[name.toLowerCase()] = String(value);
  }
  return { status: response.getResponseCode(), headers, body: response.getContentText() };
}

function documentCache(): KeyValueCache | null {
  const cache = CacheService.getDocumentCache();
  if (cache === null) return null;
  return {
    getAll: (keys) => cache.getAll([...keys]),
    putAll: (values, ttlSeconds) => cache.putAll(values, ttlSeconds),
  };
}

/**
 * One read of all properties per execution, on first use: every formula is an
 * execution of its own, and Apps Script counts each property read against a
 * daily quota (50,000 for consumer accounts), so a 1,000-row fill-down must
 * not read key, URL and attributions one by one.
 */
function propertyStore(properties: GoogleAppsScript.Properties.Properties): SettingsStore {
  let snapshot: Map<string, string> | undefined;
  const all = () => (snapshot ??= new Map(Object.entries(properties.getProperties())));
  return {
    get: (key) => all().get(key) ?? null,
    entries: () => all(),
    getCurrent: (key) => {
      const value = properties.getProperty(key);
      if (value === null) all().delete(key);
      else all().set(key, value);
      return value;
    },
    set: (key, value) => {
      properties.setProperty(key, value);
      all().set(key, value);
    },
    setAll: (values) => {
      properties.setProperties(values);
      for (const [key, value] of Object.entries(values)) all().set(key, value);
    },
    remove: (key) => {
      properties.deleteProperty(key);
      all().delete(key);
    },
  };
}

/**
 * How long an execution waits for the document lock at most: the writes it
 * guards take milliseconds. A custom function waits no longer than its time
 * plan allows (`waitsUntil`), so several waits never add up past Google's 30 s.
 */
export const LOCK_WAIT_MS = 3000;

function documentLock(waitsUntil: number | undefined): DocumentLock | null {
  const lock = LockService.getDocumentLock();
  if (lock === null) return null;
  return {
    run(work) {
      const left = waitsUntil === undefined ? LOCK_WAIT_MS : waitsUntil - Date.now();
      if (!lock.tryLock(Math.max(0, Math.min(LOCK_WAIT_MS, left)))) return false;
      try {
        work();
        return true;
      } finally {
        lock.releaseLock();
      }
    },
  };
}

function hexDigest(text: string): string {
  const bytes = Utilities.computeDigest(
    Utilities.DigestAlgorithm.SHA_256,
    text,
    Utilities.Charset.UTF_8,
  );
  return bytes.map((byte) => ((byte + 256) % 256).toString(16).padStart(2, '0')).join('');
}

/** The spreadsheet's time zone, read once per execution and only when a date cell needs it. */
function spreadsheetCalendarDay(): (date: Date) => string {
  let zone: string | undefined;
  return (date) => {
    zone ??=
      SpreadsheetApp.getActiveSpreadsheet()?.getSpreadsheetTimeZone() ??
      Session.getScriptTimeZone();
    return Utilities.formatDate(date, zone, 'yyyy-MM-dd');
  };
}

/** `lockWaitsUntil`: the clock time after which a custom function no longer waits for the lock. */
export function gasServices(lockWaitsUntil?: number): AddonServices {
  return {
    http: {
      // muteHttpExceptions: error statuses come back as answers, not exceptions.
      fetchAll: (requests) =>
        UrlFetchApp.fetchAll(
          requests.map(({ url, headers, json }) => ({
            url,
            headers,
            muteHttpExceptions: true,
            ...(json === undefined
              ? {}
              : { method: 'post' as const, contentType: 'application/json', payload: json }),
          })),
        ).map(toResponse),
    },
    cache: documentCache(),
    documentProperties: propertyStore(PropertiesService.getDocumentProperties()),
    userProperties: propertyStore(PropertiesService.getUserProperties()),
    lock: documentLock(lockWaitsUntil),
    clock: { now: () => Date.now(), sleep: (ms) => Utilities.sleep(ms) },
    digest: hexDigest,
    calendarDay: spreadsheetCalendarDay(),
  };
}
