// IMMOBILIENRICHTWERT and LIEGENSCHAFTSZINS in the built add-on: records of the
// table of spreadsheet functions, each asking one GET of its own (a loopback
// stand-in answers in the documented shapes), kept in the spreadsheet's record
// like every answer, their source in the attribution list, fixed and
// refreshed by the sidebar like the other functions.
import { describe, expect, it } from 'vitest';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { SPREADSHEET_FUNCTIONS } from '#shared/index.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { MARKET_ADDRESSES } from '../support/marketDataAnswers.js';

const addon = useAddonWithService();
const { dortmund, kiel } = MARKET_ADDRESSES;

const marketRequests = async () =>
  (await addon.service().requests())
    .filter((r) => r.path === '/api/immobilienrichtwert' || r.path === '/api/liegenschaftszins')
    .map((r) => `${r.path}${r.search}`);

describe('the functions of the table in Code.js', () => {
  it('are every Sheets name of the table, each a top-level function with @customfunction', async () => {
    const runtime = await addon.runtime();
    expect([...runtime.customFunctions].sort()).toEqual(
      SPREADSHEET_FUNCTIONS.map((fn) => fn.sheets).sort(),
    );
  });
});

describe('IMMOBILIENRICHTWERT and LIEGENSCHAFTSZINS', () => {
  it('show the first Immobilienrichtwert or the one of the teilmarkt, and the Liegenschaftszinssatz', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('IMMOBILIENRICHTWERT', dortmund)).toBe(3100);
    expect(runtime.value('IMMOBILIENRICHTWERT', dortmund, 'Ein- und Zweifamilienhäuser')).toBe(
      2800,
    );
    expect(
      runtime.value(
        'LIEGENSCHAFTSZINS',
        dortmund,
        'Mehrfamilienhäuser',
        new Date('2025-06-30T12:00:00Z'),
      ),
    ).toBe(2.4);
    expect(await marketRequests()).toEqual([
      '/api/immobilienrichtwert?address=Marktstra%C3%9Fe%201%2C%2044135%20Dortmund',
      '/api/immobilienrichtwert?address=Marktstra%C3%9Fe%201%2C%2044135%20Dortmund&teilmarkt=Ein-%20und%20Zweifamilienh%C3%A4user',
      '/api/liegenschaftszins?address=Marktstra%C3%9Fe%201%2C%2044135%20Dortmund&objektart=Mehrfamilienh%C3%A4user&stichtag=2025-06-30',
    ]);
  });

  it('map 451 and 404 like a lookup, and ask nothing without the objektart', async () => {
    const runtime = await addon.runtime();
    const outside = runtime.call('LIEGENSCHAFTSZINS', kiel, 'Mehrfamilienhäuser');
    expect(outside).toEqual({ thrown: expect.stringContaining('Schleswig-Holstein') as unknown });
    const unknown = runtime.call('IMMOBILIENRICHTWERT', 'Nirgendweg 1, 99999 Nirgendwo');
    expect(unknown).toEqual({ thrown: expect.stringContaining('nicht gefunden') as unknown });
    const before = (await marketRequests()).length;
    expect(runtime.call('LIEGENSCHAFTSZINS', dortmund)).toEqual({
      thrown: expect.stringContaining('objektart') as unknown,
    });
    expect(await marketRequests()).toHaveLength(before);
    expect(runtime.value('IMMOBILIENRICHTWERT', '')).toBe('');
  });

  it('are kept in the record: reopened with the service down, fixed with their source, refreshed', async () => {
    const runtime = await addon.runtime();
    const sheet = runtime.spreadsheet.addSheet('Markt', [
      [dortmund, '=IMMOBILIENRICHTWERT(A1)', '=LIEGENSCHAFTSZINS(A1;"Mehrfamilienhäuser")'],
    ]);
    runtime.spreadsheet.host.recalculate();
    expect(sheet.getRange('B1:C1').getValues()).toEqual([[3100, 2.4]]);
    const { attributions } = runtime.value('getSidebarState') as {
      attributions: { text: string }[];
    };
    expect(attributions.map((a) => a.text)).toEqual([expect.stringContaining('Stadt Dortmund')]);

    const reopened = loadAddon(addon.build(), { stores: runtime });
    reopened.urlFetch.down = true;
    reopened.spreadsheet.host.reloadFormulas();
    expect(reopened.spreadsheet.host.recalculate()).toBe(2);
    expect(reopened.urlFetch.calls).toHaveLength(0);
    expect(sheet.getRange('B1:C1').getValues()).toEqual([[3100, 2.4]]);
    expect(reopened.value('refreshValues')).toEqual({ formulas: 0 });

    // "Aktualisieren" asks again and shows the newer value; the service down keeps the kept one.
    const live = loadAddon(addon.build(), { stores: runtime });
    await addon.service().set({ newerValues: true });
    live.spreadsheet.setActiveRange(live.spreadsheet.getRange('Markt!B1'));
    expect(live.value('refreshStoredValues', 'selection')).toEqual({ formulas: 1, cells: 1 });
    expect(sheet.getRange('B1:C1').getValues()).toEqual([[3200, 2.4]]);

    live.spreadsheet.setActiveRange(live.spreadsheet.getRange('Markt!B1:C1'));
    expect(live.value('fixValues')).toEqual({ cells: 2, skipped: [] });
    expect(sheet.getRange('B1:C1').getFormulas()).toEqual([['', '']]);
    expect(sheet.getRange('B1:C1').getValues()).toEqual([[3200, 2.4]]);
    const note = sheet.getRange('B1').getNote().split('\n');
    expect(note[0]).toBe('Immobilienrichtwert: 3.200 EUR/m² Wohnfläche');
    expect(sheet.getRange('C1').getNote().split('\n')[0]).toBe('Liegenschaftszinssatz: 2,4 %');
    expect(note).toContain('Stichtag: 01.01.2026');
    expect(note).toContain(
      'Hinweis: Weiterer Immobilienrichtwert – Ein- und Zweifamilienhäuser: 2.900 EUR/m² Wohnfläche (Stichtag 2026-01-01)',
    );
    expect(note.some((line) => line.includes('Stadt Dortmund'))).toBe(true);
  }, 60_000);
});
