// Runs the BUILT Code.js in a Node vm context that stands in for the Apps
// Script runtime: the global services the add-on uses, faked faithfully
// (UrlFetchApp really calls the loopback server), a clock the test controls,
// Google's 30 s for custom functions, and a spreadsheet whose formulas call
// the bundle's custom functions as Sheets does.
import { createHash } from 'node:crypto';
import vm from 'node:vm';
import type { BuiltAddon } from './build.js';
import { dateClassFor, scaledClock, type TestClock } from './clock.js';
import {
  CUSTOM_FUNCTION_LIMIT_MS,
  EXCEEDED_MESSAGE,
  ExecutionLimit,
  limited,
} from './executionLimit.js';
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
  /** Custom-function runs: the longest one, to compare with Google's 30 s. */
  limit: ExecutionLimit;
  /** The functions Sheets offers as custom functions (JSDoc @customfunction in Code.js). */
  customFunctions: ReadonlySet<string>;
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

/** The top-level functions whose JSDoc carries @customfunction, as Sheets finds them. */
function customFunctionNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*function (\w+)\(/g)) {
    if (match[1]?.includes('@customfunction') && match[2] !== undefined) names.add(match[2]);
  }
  return names;
}

export interface LoadAddonOptions {
  clockScale?: number;
  /** The add-on's clock time at load (default 2026-11-22T10:00Z): a later month, for instance. */
  clockStart?: number;
  /** A previous runtime's stores: the same document reopened (or recalculated later). */
  stores?: GasStores;
}

export function loadAddon(build: BuiltAddon, options: LoadAddonOptions = {}): GasRuntime {
  const clock = scaledClock(options.clockScale ?? 1, options.clockStart);
  const limit = new ExecutionLimit(clock);
  const customFunctions = customFunctionNames(build.code);
  const whitelist = (build.manifest['urlFetchWhitelist'] as string[] | undefined) ?? [];
  const urlFetch = new FakeUrlFetchApp(whitelist);
  const stores: GasStores = options.stores ?? newStores(clock);
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
    UrlFetchApp: limited(urlFetch, limit),
    CacheService: {
      getDocumentCache: () => limited(documentCache, limit),
      getScriptCache: () => limited(new FakeCache(clock), limit),
      getUserCache: () => limited(new FakeCache(clock), limit),
    },
    LockService: { getDocumentLock: () => limited(documentLock, limit) },
    Session: { getScriptTimeZone: () => String(build.manifest['timeZone'] ?? 'Etc/UTC') },
    PropertiesService: {
      getDocumentProperties: () => limited(documentProperties, limit),
      getScriptProperties: () => limited(new FakeProperties(documentProperties.quota), limit),
      getUserProperties: () => limited(userProperties, limit),
    },
    Utilities: limited(
      {
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
      limit,
    ),
    HtmlService: fakeHtmlService(build.dir),
    SpreadsheetApp: limited(
      {
        getUi: () => ui,
        getActiveSpreadsheet: () => spreadsheet,
        getActiveRange: () => spreadsheet.getActiveRange(),
        getActiveSheet: () => spreadsheet.getActiveSheet(),
        flush: () => spreadsheet.flush(),
      },
      limit,
    ),
  });
  vm.runInContext(build.code, context, { filename: 'Code.js' });

  /** One execution; after a menu or sidebar call, Sheets computes the formulas it entered. */
  const call = (name: string, ...args: unknown[]): CallOutcome => {
    const fn = (context as Record<string, unknown>)[name];
    if (typeof fn !== 'function') throw new Error(`Code.js defines no global function ${name}`);
    const isCustomFunction = customFunctions.has(name);
    limit.start(isCustomFunction ? CUSTOM_FUNCTION_LIMIT_MS : null);
    let outcome: CallOutcome;
    try {
      const result: unknown = fn(...args);
      outcome = {
        value: result === undefined ? undefined : (JSON.parse(JSON.stringify(result)) as unknown),
      };
    } catch (error) {
      outcome = { thrown: (error as Error).message };
    }
    if (limit.end()) outcome = { thrown: EXCEEDED_MESSAGE };
    if (!isCustomFunction) spreadsheet.host.recalculate();
    return outcome;
  };
  spreadsheet.host.attach(customFunctions, (name, args) => call(name, ...args));
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
    limit,
    customFunctions,
    call,
    value: (name, ...args) => {
      const outcome = call(name, ...args);
      if ('thrown' in outcome) throw new Error(`${name} threw: ${outcome.thrown}`);
      return outcome.value;
    },
  };
}

/** The stores of a spreadsheet nobody has used the add-on in yet; the properties share one quota. */
export function newStores(clock: TestClock): GasStores {
  const documentProperties = new FakeProperties();
  return {
    documentCache: new FakeCache(clock),
    documentProperties,
    userProperties: new FakeProperties(documentProperties.quota),
    spreadsheet: new FakeSpreadsheet(),
  };
}
