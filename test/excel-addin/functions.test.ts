// The BUILT custom functions (webpack output) in Node, called directly as Excel
// calls them, in the Excel stand-in, against the loopback stand-in of the API.
import { describe, expect, it } from 'vitest';
import { calculateBodenwert } from '#shared/index.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { openWorkbook } from '#dev/hosts/excel/excelHost.js';
import { vmRuntime } from '#dev/hosts/excel/vmRuntime.js';
import { createManualTimers } from './support/manualTimers.js';
import { CustomFunctionError } from '#dev/hosts/excel/officeStubs.js';
import { builtAddinAndStandIn, entry } from './support/standInApi.js';

const world = builtAddinAndStandIn();

const storageWith = (apiKey: string | undefined) =>
  new Map(
    Object.entries({
      [STORAGE_KEYS.serviceUrl]: world.api.url,
      [STORAGE_KEYS.apiKey]: apiKey,
    }).filter((pair): pair is [string, string] => pair[1] !== undefined),
  );

const load = (
  options: { storage?: Map<string, string>; timers?: ReturnType<typeof createManualTimers> } = {},
) =>
  openWorkbook({
    dir: world.dir,
    device: options.storage ?? storageWith(world.api.apiKey),
    ...(options.timers ? { runtime: vmRuntime({ dir: world.dir, timers: options.timers }) } : {}),
  });

const BERLIN_ENTRIES = [
  entry({ code: 'G', nutzungsart: 'Gewerbliche Baufläche', brw_euro_pro_m2: 120 }),
  entry(),
  entry({
    code: 'M',
    nutzungsart: 'Gemischte Baufläche',
    brw_euro_pro_m2: 600,
    stichtag: '2023-01-01',
  }),
];

/** A fresh address per test keeps the stand-in's request counts apart. */
let counter = 0;
const address = (label: string) => `${label} ${++counter}, 10117 Berlin`;

function found(label: string, entries = BERLIN_ENTRIES): string {
  const a = address(label);
  world.api.setScenario(a, { kind: 'found', entries });
  return a;
}

const cellError = (code: string, text: string | RegExp) =>
  expect.objectContaining({
    code,
    message: typeof text === 'string' ? expect.stringContaining(text) : expect.stringMatching(text),
  });

describe('the built functions bundle', () => {
  it('associates every function of the add-in', async () => {
    expect((await load()).ids().sort()).toEqual([
      'BODENRICHTWERT',
      'BODENWERT',
      'BODENWERT_FLURSTUECK',
      'FLURSTUECK',
      'IMMOBILIENRICHTWERT',
      'LIEGENSCHAFTSZINS',
      'ZONEN',
    ]);
  });
});

describe('BRW.BODENRICHTWERT', () => {
  it('returns the land value of the first entry in W, M, G, … order, sending the key as bearer', async () => {
    const a = found('Unter den Linden 1');
    const fns = await load();
    expect(await fns.call('BODENRICHTWERT', [[a]], null, null)).toEqual([[450]]);
    const [request] = world.api.lookupsOf(a);
    expect(request?.authorization).toBe(`Bearer ${world.api.apiKey}`);
  });

  it('selects the land use and the field, case-insensitively, from one cached lookup', async () => {
    const a = found('Friedrichstraße 10');
    const fns = await load();
    expect(await fns.call('BODENRICHTWERT', [[a]], 'G', null)).toEqual([[120]]);
    expect(await fns.call('BODENRICHTWERT', [[a]], 'm', 'Stichtag')).toEqual([['2023-01-01']]);
    expect(await fns.call('BODENRICHTWERT', [[a]], null, 'wertrel_geschossflaechenzahl')).toEqual([
      [1.2],
    ]);
    expect(await fns.call('BODENRICHTWERT', [[a]], 'W', 'gutachterausschuss')).toEqual([
      ['Gutachterausschuss für Grundstückswerte in Berlin'],
    ]);
    expect(world.api.lookupsOf(a)).toHaveLength(1);
  });

  it('fills a column from a range: a value or an error per address, blank rows stay blank', async () => {
    const first = found('Chausseestraße 2');
    const second = found('Invalidenstraße 3', [entry({ brw_euro_pro_m2: 300 })]);
    const unknown = address('Gibt es nicht');
    const fns = await load();
    const values = await fns.call(
      'BODENRICHTWERT',
      [[first], [second], [''], [unknown]],
      null,
      null,
    );
    expect(values).toEqual([[450], [300], [''], [expect.any(CustomFunctionError)]]);
    expect((values as unknown[][])[3]?.[0]).toEqual(
      cellError('#N/A', 'Die Adresse konnte nicht gefunden werden.'),
    );
  });

  it('sends one request for many identical cells, also across codes and fields', async () => {
    const a = found('Torstraße 5');
    const fns = await load();
    const cells = Array.from({ length: 30 }, (_, i) =>
      fns.call('BODENRICHTWERT', [[a]], i % 2 ? 'W' : null, i % 3 ? null : 'gemeinde'),
    );
    const column = fns.call(
      'BODENRICHTWERT',
      Array.from({ length: 10 }, () => [a]),
      null,
      null,
    );
    const results = await Promise.all([...cells, column]);
    expect(results[0]).toEqual([['Berlin']]);
    expect(results[1]).toEqual([[450]]);
    expect(results[30]).toEqual(Array.from({ length: 10 }, () => [450]));
    expect(world.api.lookupsOf(a)).toHaveLength(1);
  });

  it.each([
    ['address_not_found', 'Adresse nicht gefunden.', {}, 'Adresse nicht gefunden.'],
    ['no_data', 'Kein Bodenrichtwert für diese Koordinate.', {}, 'Kein Bodenrichtwert für diese'],
    [
      'restricted_state',
      'Bayern ist ausgeschlossen.',
      {},
      'Sachsen und Bayern sind ausgeschlossen',
    ],
    [
      'limit_reached',
      'Kontingent erschöpft.',
      { reason: 'trial_exhausted', upgrade_url: 'https://brw.example.test/billing' } as const,
      /Kontingent aufgebraucht.*Tarif.*https:\/\/brw\.example\.test\/billing/,
    ],
    ['payment_past_due', 'Zahlung offen.', {}, 'Zahlung überfällig'],
    ['service_error', 'Quelle nicht erreichbar.', {}, 'Datenquelle nicht erreichbar'],
    ['processing_error', 'Fehler.', {}, 'Interner Fehler des Dienstes'],
  ] as const)('shows %s as #N/A with a German message', async (code, message, extra, shown) => {
    const a = address(`Fehlerfall ${code}`);
    world.api.setScenario(a, { kind: 'error', code, message, extra });
    const fns = await load();
    await expect(fns.call('BODENRICHTWERT', [[a]], null, null)).rejects.toEqual(
      cellError('#N/A', shown),
    );
  });

  it('shows an answer that is not the documented JSON as #N/A', async () => {
    const a = address('Wartungsseite');
    world.api.setScenario(a, { kind: 'malformed' });
    await expect((await load()).call('BODENRICHTWERT', [[a]], null, null)).rejects.toEqual(
      cellError('#N/A', 'Datenquelle nicht erreichbar'),
    );
  });

  it('shows a missing land use or an unpublished field as #N/A', async () => {
    const a = found('Nur Wohnen 1', [entry({ wertrel_geschossflaechenzahl: undefined })]);
    const fns = await load();
    await expect(fns.call('BODENRICHTWERT', [[a]], 'G', null)).rejects.toEqual(
      cellError('#N/A', 'Kein Bodenrichtwert der Nutzungsart G'),
    );
    await expect(
      fns.call('BODENRICHTWERT', [[a]], null, 'wertrel_geschossflaechenzahl'),
    ).rejects.toEqual(cellError('#N/A', 'nicht veröffentlicht'));
  });

  it('rejects a bad land-use code or field name with #VALUE! before any request', async () => {
    const a = found('Eingabefehler 1');
    const fns = await load();
    await expect(fns.call('BODENRICHTWERT', [[a]], 'LF', null)).rejects.toEqual(
      cellError('#VALUE!', /L.*F/),
    );
    await expect(fns.call('BODENRICHTWERT', [[a]], 'X', null)).rejects.toEqual(
      expect.objectContaining({ code: '#VALUE!' }),
    );
    await expect(fns.call('BODENRICHTWERT', [[a]], null, 'preis')).rejects.toEqual(
      cellError('#VALUE!', 'Unbekanntes Feld'),
    );
    expect(world.api.lookupsOf(a)).toHaveLength(0);
  });

  it('asks for the API key in #N/A without sending a request when none is stored', async () => {
    const a = found('Ohne Schlüssel 1');
    const fns = await load({ storage: storageWith(undefined) });
    await expect(fns.call('BODENRICHTWERT', [[a]], null, null)).rejects.toEqual(
      cellError('#N/A', 'Kein API-Schlüssel'),
    );
    expect(world.api.lookupsOf(a)).toHaveLength(0);
  });

  it('reports a rejected key as #N/A', async () => {
    const a = found('Falscher Schlüssel 1');
    const fns = await load({ storage: storageWith('brw_wrong') });
    await expect(fns.call('BODENRICHTWERT', [[a]], null, null)).rejects.toEqual(
      cellError('#N/A', 'API-Schlüssel ungültig'),
    );
  });

  it('caches "not found" answers but asks again after a failure of the service', async () => {
    const missing = address('Nirgendwo');
    const flaky = address('Wackelkontakt');
    world.api.setScenario(flaky, { kind: 'error', code: 'service_error', message: 'Weg.' });
    const fns = await load();
    await expect(fns.call('BODENRICHTWERT', [[missing]], null, null)).rejects.toBeDefined();
    await expect(fns.call('BODENRICHTWERT', [[missing]], null, null)).rejects.toBeDefined();
    expect(world.api.lookupsOf(missing)).toHaveLength(1);
    await expect(fns.call('BODENRICHTWERT', [[flaky]], null, null)).rejects.toBeDefined();
    world.api.setScenario(flaky, { kind: 'found', entries: BERLIN_ENTRIES });
    expect(await fns.call('BODENRICHTWERT', [[flaky]], null, null)).toEqual([[450]]);
    expect(world.api.lookupsOf(flaky)).toHaveLength(2);
  });

  it('waits for Retry-After after a 429 and then returns the value', async () => {
    const a = address('Stoßzeit 1');
    world.api.setScenario(a, {
      kind: 'rateLimited',
      times: 1,
      retryAfter: '1',
      then: { kind: 'found', entries: BERLIN_ENTRIES },
    });
    expect(await (await load()).call('BODENRICHTWERT', [[a]], null, null)).toEqual([[450]]);
    const times = world.api.lookupsOf(a).map((request) => request.at);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('gives up after a bounded number of 429 answers with #N/A', async () => {
    const a = address('Dauerlast 1');
    world.api.setScenario(a, {
      kind: 'rateLimited',
      times: 100,
      retryAfter: '0',
      then: { kind: 'found', entries: BERLIN_ENTRIES },
    });
    await expect((await load()).call('BODENRICHTWERT', [[a]], null, null)).rejects.toEqual(
      cellError('#N/A', 'Zu viele Anfragen'),
    );
    expect(world.api.lookupsOf(a)).toHaveLength(4);
  });

  it('ends a hanging batch with #N/A exactly when its timeout elapses', async () => {
    const a = address('Funkloch 1');
    world.api.setScenario(a, { kind: 'hang' });
    const timers = createManualTimers();
    const fns = await load({ timers });
    let settled = false;
    const cell = fns.call('BODENRICHTWERT', [[a]], null, null).finally(() => (settled = true));
    // The batch window (50 ms) collects the other cells of the recalculation first.
    await expect.poll(() => timers.pending()).toBe(1);
    timers.advance(50);
    await expect.poll(() => world.api.lookupsOf(a).length).toBe(1);
    timers.advance(54_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    timers.advance(1);
    await expect(cell).rejects.toEqual(cellError('#N/A', 'Datenquelle nicht erreichbar'));
  });
});

describe('BRW.BODENWERT', () => {
  // K(GFZ) = 0.6·√GFZ + 0.2·GFZ + 0.2, written out here independently of the core.
  const k = (gfz: number) => 0.6 * Math.sqrt(gfz) + 0.2 * gfz + 0.2;

  it('returns the adjusted EUR/m² without an area and the plot value with one', async () => {
    const fns = await load();
    const perM2 = await fns.call('BODENWERT', 450, 1.0, 1.4, null, null, null);
    expect(perM2).toBeCloseTo((450 * k(1.4)) / k(1.0), 2);
    const plot = await fns.call('BODENWERT', 450, 1.0, 1.4, 600, null, null);
    expect(plot).toBe(
      calculateBodenwert({ brw: 450, gfz_referenz: 1, gfz_tatsaechlich: 1.4, flaeche: 600 })
        .bodenwert_euro,
    );
    expect(plot).toBeCloseTo(((450 * k(1.4)) / k(1.0)) * 600, 0);
  });

  it('splits front and rear land and reads numbers written with a decimal comma', async () => {
    const fns = await load();
    const value = await fns.call('BODENWERT', '450', '1,0', '1,4', '600', '200', '0,5');
    const adjusted = (450 * k(1.4)) / k(1.0);
    expect(value).toBeCloseTo(400 * adjusted + 200 * adjusted * 0.5, 0);
  });

  it('rejects invalid input with #VALUE! and the German message of the API', async () => {
    const fns = await load();
    await expect(fns.call('BODENWERT', -1, 1, 1.4, null, null, null)).rejects.toEqual(
      cellError('#VALUE!', 'brw'),
    );
    await expect(fns.call('BODENWERT', 450, 0, 1.4, null, null, null)).rejects.toEqual(
      cellError('#VALUE!', 'gfz_referenz'),
    );
    await expect(fns.call('BODENWERT', 450, 1, 1.4, 600, 200, null)).rejects.toEqual(
      cellError('#VALUE!', 'hinterland_faktor'),
    );
    await expect(fns.call('BODENWERT', 'viel', 1, 1.4, null, null, null)).rejects.toEqual(
      expect.objectContaining({ code: '#VALUE!' }),
    );
  });

  it('works without a key and sends no request', async () => {
    const before = world.api.requests.length;
    const fns = await load({ storage: new Map() });
    expect(await fns.call('BODENWERT', 100, 1, 1, 10, null, null)).toBe(1000);
    expect(world.api.requests.length).toBe(before);
  });
});
