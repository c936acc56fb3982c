// The sidebar's "Werte" functions on a spreadsheet in the stand-in's formula
// host: "Fehlende Werte laden" (also run by the open sidebar while cells are
// pending), "Aktualisieren" and "Werte fixieren".
import { describe, expect, it } from 'vitest';
import type { GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { ADDRESSES, testStreet, UNCHECKED_HINWEIS } from './support/lookupFixtures.js';
import {
  addressColumn,
  filledWorkbook,
  fillWorkbook,
  valuesOf,
} from './support/workbookFixture.js';

const addon = useAddonWithService();
const ADDRESS_COLUMN = addressColumn(10);
const filled = () => filledWorkbook(addon, ADDRESS_COLUMN);

const select = (runtime: GasRuntime, notation: string) =>
  runtime.spreadsheet.setActiveRange(runtime.spreadsheet.getRange(notation));
const range = (runtime: GasRuntime, notation: string) => runtime.spreadsheet.getRange(notation);
const recordKeys = (runtime: GasRuntime) =>
  [...runtime.documentProperties.values.keys()].filter((key) => key.startsWith('brw.r.'));

describe('"Fehlende Werte laden"', () => {
  it('over 1,000 filled-down cells runs only those without a kept answer, at a few property reads', async () => {
    const runtime = await addon.runtime();
    const sheet = runtime.spreadsheet.addSheet(
      'Objekte',
      Array.from({ length: 1000 }, (_, i) => [testStreet(i + 1), `=BODENRICHTWERT(A${i + 1})`]),
    );
    const { host } = runtime.spreadsheet;
    expect(host.recalculate()).toBe(1000);
    const quota = runtime.documentProperties.quota;

    // Every value is kept: nothing runs again.
    let reads = quota.reads;
    let executions = host.executions;
    expect(runtime.value('refreshValues')).toEqual({ formulas: 0 });
    expect(host.executions - executions).toBe(0);
    expect(quota.reads - reads).toBeLessThanOrEqual(2);

    // Three cells meet the rate limit, an error that heals: only they run again.
    await addon.service().set({ rateLimit: { count: 3, retryAfterSeconds: 60 } });
    for (const row of [10, 20, 30]) sheet.getRange(`A${row}`).setValue(testStreet(2000 + row));
    expect(host.recalculate()).toBe(3);
    expect(sheet.peek(10, 2)?.error).toContain('Zu viele Anfragen');
    reads = quota.reads;
    executions = host.executions;
    expect(runtime.value('refreshValues')).toEqual({ formulas: 3 });
    expect(host.executions - executions).toBe(3);
    // Its own read, and each of the three runs reads document and user properties once.
    expect(quota.reads - reads).toBeLessThanOrEqual(2 + 3 * 2);
    expect(
      sheet
        .getRange('B10:B30')
        .getValues()
        .filter((_, i) => i % 10 === 0),
    ).toEqual([[3010], [3020], [3030]]);
  }, 60_000);
});

describe('"Aktualisieren"', () => {
  it('asks the service again for the selected formula only, and shows the newer values', async () => {
    const runtime = await filled();
    const asked = (await addon.service().lookups()).length;
    await addon.service().set({ newerValues: true });
    // A cell inside the range formula's result stands for the whole formula.
    select(runtime, 'Objekte!B6');
    expect(runtime.value('refreshStoredValues', 'selection')).toEqual({ formulas: 1, cells: 13 });
    const values = valuesOf(runtime.spreadsheet);
    expect(values.get('Objekte!B2')).toBe(9600);
    expect(values.get('Objekte!B5')).toBe(1101);
    // Formulas outside the selection keep their values.
    expect(values.get('Objekte!C2')).toBe('2026-01-01');
    expect(values.get('Zonen!C3')).toBe(11000);
    // Asked past the document cache, once per address of the formula.
    expect((await addon.service().lookups()).slice(asked).sort()).toEqual(
      [...ADDRESS_COLUMN].sort(),
    );
  });

  it('keeps every stored value while the service is down, and completes the refresh later', async () => {
    const runtime = await filled();
    const shown = valuesOf(runtime.spreadsheet);
    runtime.urlFetch.down = true;
    expect(runtime.value('refreshStoredValues', 'spreadsheet')).toEqual({
      formulas: 5,
      cells: 17,
    });
    expect(valuesOf(runtime.spreadsheet)).toEqual(shown);

    runtime.urlFetch.down = false;
    await addon.service().set({ newerValues: true });
    // Flagged answers count as missing until the service has answered.
    expect(runtime.value('refreshValues')).toEqual({ formulas: 5 });
    const values = valuesOf(runtime.spreadsheet);
    expect(values.get('Objekte!B2')).toBe(9600);
    expect(values.get('Objekte!C2')).toBe('2027-01-01');
    expect(values.get('Zonen!C3')).toBe(11100);
    expect(runtime.value('refreshValues')).toEqual({ formulas: 0 });
  });
});

describe('"Werte fixieren"', () => {
  it('notes the answer’s geocoding warnings with the land value', async () => {
    const runtime = await addon.runtime();
    runtime.spreadsheet.addSheet('Warnung', [[ADDRESSES.unexplained, '=BODENRICHTWERT(A1;"W")']]);
    runtime.spreadsheet.host.recalculate();
    select(runtime, 'Warnung!B1');
    expect(runtime.value('fixValues')).toEqual({ cells: 1, skipped: [] });
    expect(range(runtime, 'Warnung!B1').getNote().split('\n').at(-1)).toMatch(
      /^Adresse: Keine amtliche Hauskoordinate: Die Adresse enthält eine Zahl/,
    );
  });

  it('notes what the source could not be asked for (the answer’s hinweise)', async () => {
    const runtime = await addon.runtime();
    runtime.spreadsheet.addSheet('Hinweis', [[ADDRESSES.unchecked, '=BODENRICHTWERT(A1;"W")']]);
    runtime.spreadsheet.host.recalculate();
    select(runtime, 'Hinweis!B1');
    expect(runtime.value('fixValues')).toEqual({ cells: 1, skipped: [] });
    expect(range(runtime, 'Hinweis!B1').getNote().split('\n')).toContain(
      `Hinweis: ${UNCHECKED_HINWEIS}`,
    );
  });

  it('turns the whole result of a selected formula into values, a note with each land value', async () => {
    const runtime = await filled();
    const shown = valuesOf(runtime.spreadsheet);
    const kept = recordKeys(runtime).length;
    select(runtime, 'Objekte!B5:B6');
    expect(runtime.value('fixValues')).toEqual({ cells: 13, skipped: [] });

    expect(range(runtime, 'Objekte!B2:B14').getFormulas().flat()).toEqual(Array(13).fill(''));
    expect(valuesOf(runtime.spreadsheet)).toEqual(shown);
    expect(range(runtime, 'Objekte!B2').getNote().split('\n')).toEqual([
      'Bodenrichtwert: 9.500 EUR/m²',
      'Stichtag: 01.01.2026',
      'Abrufdatum: 20.11.2026',
      'Quelle: © Gutachterausschuss für Grundstückswerte in Berlin (2026), Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0), https://fbinter.stadt-berlin.de/',
      'Lizenz: Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0), https://www.govdata.de/dl-de/by-2-0',
    ]);
    expect(range(runtime, 'Objekte!B4').getNote()).toBe('');
    // The formulas outside the selection stay; the fixed formula's answers leave the record.
    expect(range(runtime, 'Objekte!C2').getFormulas()).toEqual([
      ['=BODENRICHTWERT(A2;"";"stichtag")'],
    ]);
    expect(recordKeys(runtime).length).toBe(kept - 13);

    // The values stay what they are without the add-on: Sheets has nothing to run there.
    runtime.spreadsheet.host.attach([], () => ({ thrown: 'Unbekannte Funktion' }));
    runtime.spreadsheet.host.reloadFormulas();
    runtime.spreadsheet.host.recalculate();
    expect(range(runtime, 'Objekte!B2:B14').getValues()).toEqual(
      Array.from({ length: 13 }, (_, i) => [shown.get(`Objekte!B${i + 2}`)]),
    );
  });

  it('fixes a zone table with each zone’s own value and stichtag in its notes', async () => {
    const runtime = await filled();
    select(runtime, 'Zonen!B2');
    const answer = runtime.value('fixValues') as { cells: number };
    expect(answer.cells).toBeGreaterThan(9);
    const notes = range(runtime, 'Zonen!A1:A3').getNotes().flat();
    expect(notes[0]).toBe('');
    expect(notes[1]).toContain('Bodenrichtwert: 9.500 EUR/m²');
    expect(notes[2]).toContain('Bodenrichtwert: 11.000 EUR/m²');
    expect(range(runtime, 'Zonen!A1').getFormulas()).toEqual([['']]);
  });

  it('leaves a formula whose cells are still loading as it is, and says why', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ readyPerBatch: 1 });
    fillWorkbook(runtime.spreadsheet, [testStreet(61), testStreet(62)]);
    runtime.spreadsheet.host.recalculate();
    expect(range(runtime, 'Objekte!B2').getValues()).toEqual([['#ERROR!']]);
    expect(runtime.value('getSidebarState')).toMatchObject({ record: { missing: 1 } });
    select(runtime, 'Objekte!B2');
    expect(runtime.value('fixValues')).toEqual({
      cells: 0,
      skipped: [
        'B2: nicht fixiert – noch nicht alle Werte geladen (Fehlende Werte laden, dann erneut fixieren).',
      ],
    });
    expect(range(runtime, 'Objekte!B2').getFormulas()).toEqual([['=BODENRICHTWERT(A2:A3)']]);
  });
});
