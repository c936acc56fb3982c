// The spreadsheet is the record: whatever Google runs again by itself (the
// spreadsheet opened or reloaded, a row inserted, a referenced cell edited)
// shows the answers the formulas showed before, from the document properties,
// without a request, a key or the service, in any month.
import { describe, expect, it } from 'vitest';
import { loadAddon, type GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { testStreet } from './support/lookupFixtures.js';
import { addressColumn, errorsOf, filledWorkbook, valuesOf } from './support/workbookFixture.js';

const addon = useAddonWithService();
const LATER_MONTH = Date.parse('2027-01-05T09:00:00Z');
const ADDRESS_COLUMN = addressColumn(30);
const filled = () => filledWorkbook(addon, ADDRESS_COLUMN);

/**
 * The same spreadsheet opened by a colleague on another device in a later
 * month: no personal key (custom functions get the owner's user properties,
 * and this one has none), the document cache long expired.
 */
function openedElsewhere(owner: GasRuntime): GasRuntime {
  const elsewhere = loadAddon(addon.build(), { clockStart: LATER_MONTH });
  return loadAddon(addon.build(), {
    clockStart: LATER_MONTH,
    stores: {
      ...owner,
      documentCache: elsewhere.documentCache,
      userProperties: elsewhere.userProperties,
    },
  });
}

describe('formulas Google runs again by themselves', () => {
  it('show the stored answers for a colleague without a key, with the service down, in a later month', async () => {
    const owner = await filled();
    const shown = valuesOf(owner.spreadsheet);
    expect(shown.get('Objekte!B2')).toBe(9500);
    expect(shown.get('Objekte!B5')).toBe(1001);
    expect(shown.get('Objekte!C2')).toBe('2026-01-01');
    expect(shown.get('Zonen!C3')).toBe(11000);
    const asked = (await addon.service().lookups()).length;

    const colleague = openedElsewhere(owner);
    colleague.urlFetch.down = true;
    colleague.spreadsheet.host.reloadFormulas();
    // Every formula ran again: the range, the three single cells, the zone table.
    expect(colleague.spreadsheet.host.recalculate()).toBe(5);
    expect(colleague.urlFetch.calls).toHaveLength(0);
    expect(valuesOf(colleague.spreadsheet)).toEqual(shown);
    // The unknown address shows its stored answer; nothing else is an error.
    expect(errorsOf(colleague.spreadsheet)).toEqual([
      'Objekte!B4: Fehler: Die Adresse wurde nicht gefunden.',
      'Objekte!C4: #ERROR! Die Adresse wurde nicht gefunden.',
    ]);
    expect(await addon.service().lookups()).toHaveLength(asked);
  });

  it('keep every value with its row when a row is inserted into the range, for a colleague a month later', async () => {
    const owner = await filled();
    const before = owner.spreadsheet.getRange('Objekte!A2:C34').getValues();
    const asked = (await addon.service().lookups()).length;

    const colleague = openedElsewhere(owner);
    colleague.urlFetch.down = true;
    const sheet = colleague.spreadsheet.getSheetByName('Objekte');
    sheet?.insertRowBefore(10);
    expect(sheet?.getRange('B2').getFormulas()).toEqual([['=BODENRICHTWERT(A2:A35)']]);
    colleague.spreadsheet.host.recalculate();
    const after = sheet?.getRange('A2:C35').getValues() ?? [];
    expect([...after.slice(0, 8), ...after.slice(9)]).toEqual(before);
    expect(after[8]).toEqual(['', '', '']);
    expect(colleague.urlFetch.calls).toHaveLength(0);
    expect(await addon.service().lookups()).toHaveLength(asked);
  });

  it('change a value only where its input changed, also in a later month', async () => {
    const owner = await filled();
    const shown = valuesOf(owner.spreadsheet);
    const asked = (await addon.service().lookups()).length;
    // The owner, with the key, a month later: the document cache has long expired.
    const later = openedElsewhere(owner);
    for (const [key, value] of owner.userProperties.values)
      later.userProperties.values.set(key, value);
    later.spreadsheet.getSheetByName('Objekte')?.getRange('A6').setValue(testStreet(500));
    later.spreadsheet.host.recalculate();
    const now = valuesOf(later.spreadsheet);
    expect(now.get('Objekte!B6')).toBe(1500);
    now.set('Objekte!B6', shown.get('Objekte!B6') ?? '');
    now.set('Objekte!A6', shown.get('Objekte!A6') ?? '');
    expect(now).toEqual(shown);
    expect((await addon.service().lookups()).slice(asked)).toEqual([testStreet(500)]);
  });
});

describe('the bound of the record', () => {
  it('shows every value past it, keeps what fits, and never turns a cell into an error', async () => {
    const runtime = await addon.runtime();
    // About 110 bytes per answer: 4,500 answers are more than the record's 400 KB.
    const range = Array.from({ length: 4500 }, (_, i) => [testStreet(i + 1)]);
    let result: unknown;
    for (let run = 0; run < 10 && !Array.isArray(result); run++) {
      const outcome = loadAddon(addon.build(), { stores: runtime }).call('BODENRICHTWERT', range);
      result = 'value' in outcome ? outcome.value : undefined;
    }
    expect(result).toEqual(Array.from({ length: 4500 }, (_, i) => [1001 + i]));
    expect(runtime.documentProperties.storedBytes()).toBeLessThan(500 * 1024);
    const kept = [...runtime.documentProperties.values.keys()].filter((key) =>
      key.startsWith('brw.r.'),
    );
    expect(kept.length).toBeGreaterThan(3000);
    expect(kept.length).toBeLessThan(4500);
  }, 60_000);
});
