// Sheets may answer a formula from its cache of results per arguments instead
// of running it (odoo/odoo#20758): re-entering a pending formula unchanged
// would show its "Wird geladen" #ERROR! again for good. The stand-in's formula
// host caches results that way here; "Fehlende Werte laden" and
// "Aktualisieren" still get every cell its answer.
import { describe, expect, it } from 'vitest';
import { useAddonWithService } from './support/addonUnderTest.js';
import { testStreet } from './support/lookupFixtures.js';

const addon = useAddonWithService();

describe('pending cells under Sheets’ cache of results per arguments', () => {
  it('heal with "Fehlende Werte laden", and "Aktualisieren" shows the newer values', async () => {
    const runtime = await addon.runtime();
    const { host } = runtime.spreadsheet;
    host.cacheResults = true;
    await addon.service().set({ readyPerBatch: 1 });
    const sheet = runtime.spreadsheet.addSheet('Objekte', [
      [testStreet(61), '=BODENRICHTWERT(A1:A3)'],
      [testStreet(62)],
      [testStreet(63)],
      [testStreet(64), '=BODENRICHTWERT(A4:A6;"W")'],
      [testStreet(65)],
      [testStreet(66)],
    ]);
    host.recalculate();
    expect(sheet.peek(1, 2)?.error).toMatch(/^Wird geladen/);
    expect(sheet.peek(4, 2)?.error).toMatch(/^Wird geladen/);

    await addon.service().set({ readyPerBatch: null });
    expect(runtime.value('refreshValues')).toEqual({ formulas: 2 });
    expect(sheet.getRange('B1:B6').getValues()).toEqual([
      [1061],
      [1062],
      [1063],
      [1064],
      [1065],
      [1066],
    ]);
    // Nothing left to load: nothing is re-entered.
    expect(runtime.value('refreshValues')).toEqual({ formulas: 0 });

    await addon.service().set({ newerValues: true });
    runtime.spreadsheet.setActiveRange(runtime.spreadsheet.getRange('Objekte!B2'));
    expect(runtime.value('refreshStoredValues', 'selection')).toEqual({ formulas: 1, cells: 3 });
    expect(sheet.getRange('B1:B3').getValues()).toEqual([[1161], [1162], [1163]]);
  }, 60_000);
});
