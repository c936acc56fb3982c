// A copy of the spreadsheet (Datei › Kopie erstellen): whether it keeps the
// document properties is not documented by Google (guides/properties says only
// that they are scoped to one document). The worst case, a copy without them:
// its formulas ask the service once with the user's key and keep their answers
// in the copy's own record; fixed values are cells and come along.
import { describe, expect, it } from 'vitest';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { FakeCache, FakeProperties } from '#dev/hosts/sheets/storeFakes.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { addressColumn, filledWorkbook, valuesOf } from './support/workbookFixture.js';

const addon = useAddonWithService();
const ADDRESS_COLUMN = addressColumn(5);

describe('a copy of the spreadsheet without its document properties', () => {
  it('shows the same values, asks each address once and keeps the answers in its own record; fixed values come along', async () => {
    const owner = await filledWorkbook(addon, ADDRESS_COLUMN);
    owner.spreadsheet.setActiveRange(owner.spreadsheet.getRange('Objekte!C2'));
    expect(owner.value('fixValues')).toEqual({ cells: 1, skipped: [] });
    const note = owner.spreadsheet.getRange('Objekte!C2').getNote();
    const before = valuesOf(owner.spreadsheet);
    const asked = (await addon.service().lookups()).length;

    const copy = loadAddon(addon.build(), {
      stores: {
        ...owner,
        documentProperties: new FakeProperties(),
        documentCache: new FakeCache(owner.clock),
      },
    });
    copy.spreadsheet.host.reloadFormulas();
    copy.spreadsheet.host.recalculate();
    expect(valuesOf(copy.spreadsheet)).toEqual(before);
    expect(copy.spreadsheet.getRange('Objekte!C2').getFormulas()).toEqual([['']]);
    expect(copy.spreadsheet.getRange('Objekte!C2').getNote()).toBe(note);
    expect((await addon.service().lookups()).slice(asked).sort()).toEqual(
      [...ADDRESS_COLUMN].sort(),
    );
    expect(copy.value('getSidebarState')).toMatchObject({ record: { missing: 0 } });

    // Kept now: reopened with the service down, nothing is asked.
    const reopened = loadAddon(addon.build(), { stores: copy });
    reopened.urlFetch.down = true;
    reopened.spreadsheet.host.reloadFormulas();
    reopened.spreadsheet.host.recalculate();
    expect(reopened.urlFetch.calls).toHaveLength(0);
    expect(valuesOf(reopened.spreadsheet)).toEqual(before);
  }, 60_000);
});
