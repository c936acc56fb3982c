// Runs the BUILT Code.js in a Node vm context that stands in for the Apps
// Script runtime: the global services the add-on uses, faked faithfully
// (UrlFetchApp really calls the loopback server), and a clock the test controls.
import { createHash } from 'node:crypto';
import vm from 'node:vm';
import type { BuiltAddon } from './build.js';
import { dateClassFor, scaledClock, type TestClock } from './clock.js';
import { FakeSpreadsheet } from './spreadsheetFake.js';
import { FakeCache, FakeLock, FakeProperties } from './storeFakes.js';
import { fakeHtmlService, FakeUi } from './uiFakes.js';
import { FakeUrlFetchApp } from './urlFetchFake.js';

const DIGESTS = { MD5: 'md5', SHA_1: 'sha1', SHA_256: 'sha256', SHA_512: 'sha512' } as const;

/** A function's result as plain JSON, or the message of what it threw. */
export type CallOutcome = { value: unknown } | { thrown: string };

/** What outlives one script run: the document's cache and properties, the user's properties, the sheets. */
export interface GasStores {
  documentCache: FakeCache;
  documentProperties: FakeProperties;
  userProperties: FakeProperties;
  spreadsheet: FakeSpreadsheet;
  /** LockService.getDocumentLock(); a new one when a test builds stores without it. */
  documentLock?: FakeLock;
}

export interface GasRuntime extends GasStores {
  documentLock: FakeLock;
  context: vm.Context;
  clock: TestClock;
  urlFetch: FakeUrlFetchApp;
  ui: FakeUi;
  call(name: string, ...args: unknown[]): CallOutcome;
  /** Calls and expects success; the value as plain JSON. */
  value(name: string, ...args: unknown[]): unknown;
}

function computeDigest(algorithm: keyof typeof DIGESTS, value: string | number[]): number[] {
  const input = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
  // Apps Script returns Java bytes: signed, -128…127.
  return [...createHash(DIGESTS[algorithm]).update(input).digest()].map((b) =>
    b > 127 ? b - 256 : b,
  );
}

export interface LoadAddonOptions {
  clockScale?: number;
  /** A previous runtime's stores: the same document reopened (or recalculated later). */
  stores?: GasStores;
}

export function loadAddon(build: BuiltAddon, options: LoadAddonOptions = {}): GasRuntime {
  const clock = scaledClock(options.clockScale ?? 1);
  const whitelist = (build.manifest['urlFetchWhitelist'] as string[] | undefined) ?? [];
  const urlFetch = new FakeUrlFetchApp(whitelist);
  const stores: GasStores = options.stores ?? {
    documentCache: new FakeCache(clock),
    documentProperties: new FakeProperties(),
    userProperties: new FakeProperties(),
    spreadsheet: new FakeSpreadsheet(),
  };
  const { documentCache, documentProperties, userProperties, spreadsheet } = stores;
  const documentLock = stores.documentLock ?? new FakeLock(clock);
  const ui = new FakeUi();
  const logs: unknown[][] = [];

  const context = vm.createContext({
    Date: dateClassFor(clock),
    console: {
      log: (...a: unknown[]) => logs.push(a),
      warn: (...a: unknown[]) => logs.push(a),
      error: (...a: unknown[]) => logs.push(a),
    },
    Logger: { log: (...a: unknown[]) => logs.push(a) },
    UrlFetchApp: urlFetch,
    CacheService: {
      getDocumentCache: () => documentCache,
      getScriptCache: () => new FakeCache(clock),
      getUserCache: () => new FakeCache(clock),
    },
    LockService: { getDocumentLock: () => documentLock },
    Session: { getScriptTimeZone: () => String(build.manifest['timeZone'] ?? 'Etc/UTC') },
    PropertiesService: {
      getDocumentProperties: () => documentProperties,
      getScriptProperties: () => new FakeProperties(),
      getUserProperties: () => userProperties,
    },
    Utilities: {
      DigestAlgorithm: { MD5: 'MD5', SHA_1: 'SHA_1', SHA_256: 'SHA_256', SHA_512: 'SHA_512' },
      Charset: { UTF_8: 'UTF_8', US_ASCII: 'US_ASCII' },
      computeDigest,
      // Only the pattern the add-on uses; the zone is an IANA name, as in Apps Script.
      formatDate: (date: Date, timeZone: string, pattern: string) => {
        if (pattern !== 'yyyy-MM-dd') throw new Error(`formatDate stand-in: pattern ${pattern}`);
        return new Intl.DateTimeFormat('en-CA', { timeZone }).format(date);
      },
      sleep: (ms: number) => {
        if (ms > 300_000) throw new Error('Exception: Utilities.sleep: at most 300000 ms');
        clock.sleeps.push(ms);
        clock.advance(ms);
      },
    },
    HtmlService: fakeHtmlService(build.dir),
    SpreadsheetApp: {
      getUi: () => ui,
      getActiveSpreadsheet: () => spreadsheet,
      flush: () => spreadsheet.flush(),
    },
  });
  vm.runInContext(build.code, context, { filename: 'Code.js' });

  const call = (name: string, ...args: unknown[]): CallOutcome => {
    const fn = (context as Record<string, unknown>)[name];
    if (typeof fn !== 'function') throw new Error(`Code.js defines no global function ${name}`);
    try {
      const result: unknown = fn(...args);
      return {
        value: result === undefined ? undefined : (JSON.parse(JSON.stringify(result)) as unknown),
      };
    } catch (error) {
      return { thrown: (error as Error).message };
    }
  };
  return {
    context,
    clock,
    urlFetch,
    documentCache,
    documentProperties,
    userProperties,
    spreadsheet,
    documentLock,
    ui,
    call,
    value: (name, ...args) => {
      const outcome = call(name, ...args);
      if ('thrown' in outcome) throw new Error(`${name} threw: ${outcome.thrown}`);
      return outcome.value;
    },
  };
}
