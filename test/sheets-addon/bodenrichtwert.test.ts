// =BODENRICHTWERT in the built bundle against the stand-in service: values,
// ranges and the German messages of every error the lookup can meet.
import { describe, expect, it } from 'vitest';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { ADDRESSES, testStreet } from './support/lookupFixtures.js';
import { UPGRADE_URL, VALID_KEY } from './support/standInService.js';

const addon = useAddonWithService();
const column = (...values: unknown[]) => values.map((value) => [value]);

describe('BODENRICHTWERT for one cell', () => {
  it('returns the land value of the first zone, asking the batch endpoint with the bearer key', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin)).toBe(9500);
    expect(await addon.service().requests()).toEqual([
      {
        path: '/api/bodenrichtwert/batch',
        address: null,
        search: '',
        addresses: [ADDRESSES.berlin],
        nutzungsart: [],
        authorization: `Bearer ${VALID_KEY}`,
        // The service answers within the run's time budget (20 s).
        prefer: expect.stringMatching(/^wait=(1\d|20)$/) as unknown,
      },
    ]);
    expect(runtime.urlFetch.requests()[0]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ addresses: [ADDRESSES.berlin] }),
    });
  });

  it('picks the zone of the given land-use code and the requested field', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'M')).toBe(11000);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.frankfurt, 'g')).toBe(2500);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'W', 'stichtag')).toBe('2026-01-01');
    expect(
      runtime.value('BODENRICHTWERT', ADDRESSES.berlin, '', 'wertrel_geschossflaechenzahl'),
    ).toBe(4.5);
  });

  it('throws the German message, which Sheets shows in the error tooltip', async () => {
    const runtime = await addon.runtime();
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.unknown)).toEqual({
      thrown: 'Die Adresse wurde nicht gefunden.',
    });
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.noData)).toEqual({
      thrown: 'Für diese Koordinate liegt kein Bodenrichtwert vor.',
    });
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.kiel)).toEqual({
      thrown: expect.stringContaining('Schleswig-Holstein, Sachsen und Bayern sind ausgeschlossen'),
    });
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.frankfurt, 'W')).toEqual({
      thrown: expect.stringContaining('Kein Bodenrichtwert der Nutzungsart W'),
    });
  });

  it('leaves the cell blank for a blank address, so the formula can be filled down', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('BODENRICHTWERT', '  ')).toBe('');
    expect(runtime.value('BODENRICHTWERT', '', 'W')).toBe('');
    expect(await addon.service().requests()).toEqual([]);
  });

  it('rejects a bad land-use code or field without asking the service', async () => {
    const runtime = await addon.runtime();
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.berlin, 'LF')).toEqual({
      thrown: expect.stringMatching(/LF/),
    });
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.berlin, 'W', 'preis')).toEqual({
      thrown: expect.stringContaining('Unbekanntes Feld „preis“'),
    });
    expect(await addon.service().requests()).toEqual([]);
  });

  it('asks for the API key in the sidebar when none is stored, without a request', async () => {
    const runtime = await addon.runtime({ apiKey: null });
    const answer = runtime.call('BODENRICHTWERT', ADDRESSES.berlin);
    expect(answer).toEqual({
      thrown: expect.stringContaining(
        'Seitenleiste (Erweiterungen › Bodenrichtwert › Einstellungen)',
      ),
    });
    expect(JSON.stringify(answer)).not.toContain('Excel');
    expect(await addon.service().requests()).toEqual([]);
  });

  it('reports a key the service does not accept', async () => {
    const runtime = await addon.runtime({ apiKey: 'brw_revoked_key_0000' });
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.berlin)).toEqual({
      thrown: expect.stringContaining('API-Schlüssel ungültig oder abgelaufen'),
    });
  });

  it('names the upgrade link when the quota is used up (402)', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ quotaExhausted: true });
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.berlin)).toEqual({
      thrown: `Kontingent aufgebraucht – bitte Tarif upgraden. ${UPGRADE_URL}`,
    });
  });

  it('reports an unreachable data source (503) and asks again next time', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ sourceDown: true });
    const down = { thrown: expect.stringContaining('Datenquelle nicht erreichbar') };
    expect(runtime.call('BODENRICHTWERT', ADDRESSES.berlin)).toEqual(down);
    await addon.service().set({ sourceDown: false });
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin)).toBe(9500);
    expect(await addon.service().lookups()).toHaveLength(2);
  });

  it('names the allowlist when a service URL lies outside it, instead of "nicht erreichbar"', async () => {
    const runtime = await addon.runtime();
    const saved = runtime.value('saveSettings', {
      serviceUrl: 'https://anderer-dienst.example.org',
    });
    expect(saved).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        'https://anderer-dienst.example.org ist nicht freigegeben',
      ) as unknown,
    });
    // A URL that got into the properties otherwise (a copy of a spreadsheet from another build).
    runtime.documentProperties.setProperty('brw.serviceUrl', 'https://anderer-dienst.example.org');
    const next = loadAddon(addon.build(), { stores: runtime });
    const outcome = next.call('BODENRICHTWERT', ADDRESSES.berlin);
    expect(outcome).toEqual({ thrown: expect.stringContaining('urlFetchWhitelist') as unknown });
    expect(outcome).not.toEqual({ thrown: expect.stringContaining('nicht erreichbar') as unknown });
    expect(next.value('getAccount')).toMatchObject({
      ok: false,
      message: expect.stringContaining('nicht freigegeben') as unknown,
    });
    expect(await addon.service().requests()).toEqual([]);
  });
});

describe('a date cell as stichtag', () => {
  it("is read in the spreadsheet's time zone, not the script's", async () => {
    const runtime = await addon.runtime();
    runtime.spreadsheet.timeZone = 'Asia/Tokyo';
    // Sheets hands the date cell 1 June 2025 over as midnight in Tokyo: 31 May in UTC and Berlin.
    const juneFirstInTokyo = new Date('2025-05-31T15:00:00Z');
    runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'W', '', juneFirstInTokyo);
    runtime.value('BODENRICHTWERT_ZONEN', ADDRESSES.frankfurt, juneFirstInTokyo);
    const dates = runtime.urlFetch
      .requests()
      .map((r) => (JSON.parse(r.payload ?? '{}') as { stichtag?: string }).stichtag);
    expect(dates).toEqual(['2025-06-01', '2025-06-01']);
  });
});

describe('BODENRICHTWERT over a range', () => {
  it('fills a column with one batch request for the distinct addresses; blank rows stay blank', async () => {
    const runtime = await addon.runtime();
    const result = runtime.value(
      'BODENRICHTWERT',
      column(ADDRESSES.berlin, ADDRESSES.frankfurt, '', ' unter den linden 1,  10117 Berlin'),
    );
    expect(result).toEqual(column(9500, 14000, '', 9500));
    expect(runtime.urlFetch.calls).toHaveLength(1);
    expect((await addon.service().lookups()).sort()).toEqual(
      [ADDRESSES.frankfurt, ADDRESSES.berlin].sort(),
    );
  });

  it('takes land-use codes and fields cell by cell from ranges of the same size', async () => {
    const runtime = await addon.runtime();
    const result = runtime.value(
      'BODENRICHTWERT',
      column(ADDRESSES.berlin, ADDRESSES.frankfurt, ADDRESSES.frankfurt),
      column('M', 'G', 'M'),
      column('brw_euro_pro_m2', 'brw_euro_pro_m2', 'gemeinde'),
    );
    expect(result).toEqual(column(11000, 2500, 'Frankfurt am Main'));
  });

  it('writes each error into its own cell and keeps the other values', async () => {
    const runtime = await addon.runtime();
    const result = runtime.value(
      'BODENRICHTWERT',
      column(ADDRESSES.berlin, ADDRESSES.unknown, ADDRESSES.kiel),
    );
    expect(result).toEqual([
      [9500],
      ['Fehler: Die Adresse wurde nicht gefunden.'],
      [expect.stringMatching(/^Fehler: Keine Daten: Schleswig-Holstein/)],
    ]);
  });

  it('stops asking once the quota is used up and marks every cell', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ quotaExhausted: true });
    const addresses = Array.from({ length: 25 }, (_, i) => testStreet(i + 1));
    const result = runtime.value('BODENRICHTWERT', column(...addresses)) as string[][];
    // Only the first, small chunk was sent.
    expect(await addon.service().batches()).toEqual([addresses.slice(0, 5)]);
    expect(new Set(result.flat())).toEqual(
      new Set([`Fehler: Kontingent aufgebraucht – bitte Tarif upgraden. ${UPGRADE_URL}`]),
    );
  });

  it('refuses ranges of different sizes', async () => {
    const runtime = await addon.runtime();
    expect(
      runtime.call(
        'BODENRICHTWERT',
        column(ADDRESSES.berlin, ADDRESSES.frankfurt),
        column('W', 'M', 'G'),
      ),
    ).toEqual({
      thrown: expect.stringContaining('gleich groß'),
    });
  });
});
