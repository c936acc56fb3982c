// The record within the document properties' documented limits (9 KB per
// value, 500 KB per store, enforced by the stand-in): an answer of any size
// is kept, and a write the store refuses costs only the answer it carried.
import { describe, expect, it } from 'vitest';
import { loadAddon, type GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { manyZonesStreet, testStreet } from './support/lookupFixtures.js';

const addon = useAddonWithService();
const KB = 1024;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const column = (values: readonly string[]) => values.map((value) => [value]);
const recordKeys = (runtime: GasRuntime) =>
  [...runtime.documentProperties.values.keys()].filter((key) => key.startsWith('brw.r.'));

const LATER_MONTH = Date.parse('2027-01-05T09:00:00Z');

/** The same spreadsheet run again a month later (the document cache expired), the service unreachable. */
function reopenedOffline(runtime: GasRuntime): GasRuntime {
  const later = loadAddon(addon.build(), { clockStart: LATER_MONTH });
  const reopened = loadAddon(addon.build(), {
    clockStart: LATER_MONTH,
    stores: { ...runtime, documentCache: later.documentCache },
  });
  reopened.urlFetch.down = true;
  return reopened;
}

describe('an answer larger than one property value', () => {
  it('a zone table of 60 zones is kept and read back without a request', async () => {
    const runtime = await addon.runtime();
    const table = runtime.value('BODENRICHTWERT_ZONEN', manyZonesStreet(60)) as unknown[][];
    expect(table).toHaveLength(61);
    expect(table[60]).toContain(3060);
    // Larger than Google's 9 KB for one value: kept in several.
    expect(bytes(JSON.stringify(table))).toBeGreaterThan(9 * KB);
    for (const value of runtime.documentProperties.values.values()) {
      expect(bytes(value)).toBeLessThanOrEqual(9 * KB);
    }

    const reopened = reopenedOffline(runtime);
    expect(reopened.value('BODENRICHTWERT_ZONEN', manyZonesStreet(60))).toEqual(table);
    expect(reopened.urlFetch.calls).toHaveLength(0);
  });

  it('stays whole when "Aktualisieren" flags it, and is replaced whole by the new answer', async () => {
    const runtime = await addon.runtime();
    runtime.spreadsheet.addSheet('Zonen', [[manyZonesStreet(60), '=BODENRICHTWERT_ZONEN(A1)']]);
    runtime.spreadsheet.host.recalculate();
    const table = runtime.spreadsheet.getRange('Zonen!B1:D61').getValues();
    expect(table[60]?.[2]).toBe(3060);

    // The service is down: the flagged answer is shown from the record, whole.
    runtime.spreadsheet.setActiveRange(runtime.spreadsheet.getRange('Zonen!B1'));
    runtime.urlFetch.down = true;
    expect(runtime.value('refreshStoredValues', 'selection')).toEqual({ formulas: 1, cells: 1 });
    expect(runtime.spreadsheet.getRange('Zonen!B1:D61').getValues()).toEqual(table);

    // Newer values: the new table replaces the old one, and is what a later run reads.
    runtime.urlFetch.down = false;
    await addon.service().set({ newerValues: true });
    expect(runtime.value('refreshValues')).toEqual({ formulas: 1 });
    expect(runtime.spreadsheet.getRange('Zonen!D61').getValues()).toEqual([[3160]]);
    const reopened = reopenedOffline(runtime);
    const again = reopened.value('BODENRICHTWERT_ZONEN', manyZonesStreet(60)) as unknown[][];
    expect(again[60]).toContain(3160);
    expect(reopened.urlFetch.calls).toHaveLength(0);
  });
});

describe('a write the store refuses', () => {
  const addresses = Array.from({ length: 20 }, (_, i) => testStreet(i + 1));

  it('costs only the answer it carried, not the others of the run', async () => {
    // How many bytes the run's answers take, measured on an empty store.
    const measure = await addon.runtime();
    const empty = measure.documentProperties.storedBytes();
    measure.value('BODENRICHTWERT', column(addresses));
    const needed = measure.documentProperties.storedBytes() - empty;
    expect(recordKeys(measure)).toHaveLength(20);

    // Another execution fills the store meanwhile: one byte short of room for every answer.
    const runtime = await addon.runtime();
    let free = 500 * KB - runtime.documentProperties.storedBytes() - (needed - 1);
    const filler: Record<string, string> = {};
    for (let i = 0; free > 0; i++) {
      const key = `andere.${String(i).padStart(3, '0')}`;
      const size = Math.min(9000, free - bytes(key));
      filler[key] = 'x'.repeat(size);
      free -= bytes(key) + size;
    }
    runtime.documentProperties.writtenElsewhere(filler);

    const values = runtime.value('BODENRICHTWERT', column(addresses));
    expect(values).toEqual(addresses.map((_, i) => [1001 + i]));
    expect(runtime.documentProperties.storedBytes()).toBeLessThanOrEqual(500 * KB);
    // Every answer but the one that did not fit is kept, and shown again offline.
    expect(recordKeys(runtime)).toHaveLength(19);
    const reopened = reopenedOffline(runtime);
    const shown = reopened.value('BODENRICHTWERT', column(addresses)) as unknown[][];
    expect(shown.slice(0, 19)).toEqual(addresses.slice(0, 19).map((_, i) => [1001 + i]));
    expect(shown[19]).toEqual([
      'Fehler: Datenquelle nicht erreichbar – bitte später erneut versuchen.',
    ]);
    // Only the address whose answer was refused is asked again.
    expect(reopened.urlFetch.calls).toHaveLength(1);
  });
});
