// BODENRICHTWERT_FLURSTUECK and BODENWERT_FLURSTUECK, built, in the Apps Script
// stand-in against the real server (GET /api/flurstueck over the parcel use
// case of test/support/parcelApi.ts): table, land value, ambiguity, the answer
// kept in the document properties, errors in the cell; and the sidebar's
// "Werte fixieren", "Aktualisieren" and "Fehlende Werte laden" over parcel
// formulas in the stand-in's formula host, finding their answers under the
// keys the functions keep them.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { buildAddon, type BuiltAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon, type GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import { valuesOf } from '#dev/hosts/sheets/valuerWorkbook.js';
import { MIXED_KENNZEICHEN, SPLIT_KENNZEICHEN } from '../support/parcelAnswers.js';
import { OUTAGE_KENNZEICHEN } from '../support/parcelApi.js';
import { startRealServer, type RealServer } from './support/realServer.js';

let server: RealServer;
let build: BuiltAddon;

beforeAll(async () => {
  server = await startRealServer(0, 'parcelServerProcess.ts');
  build = buildAddon(server.url);
}, 120_000);
afterAll(async () => {
  build?.remove();
  await server?.close();
});

function signedIn() {
  const runtime = loadAddon(build);
  expect(runtime.value('saveSettings', { apiKey: server.token })).toMatchObject({ ok: true });
  return runtime;
}

describe('the parcel functions of the Sheets add-on', () => {
  it('show the parcel and its zone shares as a table, and the land value of its one use', async () => {
    const runtime = signedIn();
    const before = await server.usage();
    const table = runtime.value('BODENRICHTWERT_FLURSTUECK', MIXED_KENNZEICHEN) as unknown[][];
    expect(table[1]).toEqual([MIXED_KENNZEICHEN, 'Hannover', 1, '124', 1000, '', 'NI']);
    expect(table.slice(3).map((row) => row[2])).toEqual(['M', 'L']);
    expect(runtime.value('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN)).toBe(420_000);
    expect(runtime.value('BODENWERT_FLURSTUECK', MIXED_KENNZEICHEN, 'M')).toBe(300_000);
    const sent = runtime.urlFetch.requests();
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(Array(3).fill('/api/flurstueck'));
    // The mixed parcel counts once for its table and its value; the split parcel once.
    expect(await server.usage()).toBe(before + 2);
  });

  it('names both uses when the parcel lies in two and none is chosen', () => {
    const runtime = signedIn();
    expect(() => runtime.value('BODENWERT_FLURSTUECK', MIXED_KENNZEICHEN)).toThrow(
      /M Gemischte Baufläche 300\.000 EUR, L Landwirtschaftliche Fläche 1\.600 EUR/,
    );
  });

  it('keep the answer in the document: recalculated and reopened, no request', () => {
    const runtime = signedIn();
    const shown = (on: typeof runtime) => {
      try {
        return on.value('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, 'W', '', '1,4');
      } catch (error) {
        return (error as Error).message;
      }
    };
    // The parcel use case of these tests converts no zone: the cell says why.
    const first = shown(runtime);
    expect(first).toMatch(/wertrelevante GFZ/);
    expect(new URL(runtime.urlFetch.requests()[0]?.url ?? '').searchParams.get('gfz')).toBe('1.4');
    expect(shown(runtime)).toBe(first);
    const reopened = loadAddon(build, { stores: runtime });
    expect(shown(reopened)).toBe(first);
    expect(reopened.urlFetch.requests()).toHaveLength(0);
    expect(runtime.urlFetch.requests()).toHaveLength(1);
  });

  it('show refusals in the cell: a bad Kennzeichen, an unknown parcel, the service down, a bad GFZ', () => {
    const runtime = signedIn();
    expect(() => runtime.value('BODENRICHTWERT_FLURSTUECK', '0532900110008')).toThrow(
      /Flurstückskennzeichen muss 20 Zeichen/,
    );
    expect(() => runtime.value('BODENWERT_FLURSTUECK', '03065100100777______')).toThrow(
      /Flurstück/,
    );
    expect(() => runtime.value('BODENWERT_FLURSTUECK', OUTAGE_KENNZEICHEN)).toThrow(
      /nicht erreichbar/,
    );
    const sent = runtime.urlFetch.requests().length;
    expect(() => runtime.value('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, '', '', 'viel')).toThrow(
      /GFZ/,
    );
    expect(runtime.urlFetch.requests()).toHaveLength(sent);
  });
});

describe('the sidebar over parcel formulas', () => {
  const sheet = 'Flurstücke';
  const range = (runtime: GasRuntime, notation: string) =>
    runtime.spreadsheet.getRange(`'${sheet}'!${notation}`);
  const select = (runtime: GasRuntime, notation: string) =>
    runtime.spreadsheet.setActiveRange(range(runtime, notation));
  const recordKeys = (runtime: GasRuntime) =>
    [...runtime.documentProperties.values.keys()].filter((key) => key.startsWith('brw.r.'));
  /** The sheet with the parcels in A1 (mixed) and A2 (split), and `formulas` by A1 cell, computed. */
  function parcelSheet(runtime: GasRuntime, formulas: Record<string, string>) {
    runtime.spreadsheet.addSheet(sheet, [[MIXED_KENNZEICHEN], [SPLIT_KENNZEICHEN]]);
    for (const [cell, formula] of Object.entries(formulas))
      range(runtime, cell).setFormula(formula);
    runtime.spreadsheet.host.recalculate();
  }
  const parcelRequests = (runtime: GasRuntime) =>
    runtime.urlFetch.requests().filter((r) => new URL(r.url).pathname === '/api/flurstueck');
  const SOURCE = [
    'Quelle: Gutachterausschüsse für Grundstückswerte Niedersachsen (2024), dl-de/by-2-0; © LGLN, dl-de/by-2-0, https://immobilienmarkt.niedersachsen.de',
    'Lizenz: Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0), https://www.govdata.de/dl-de/by-2-0',
  ];

  it('„Werte fixieren“ turns a parcel table into its values, a note on each zone row, none on the parcel’s rows', () => {
    const runtime = signedIn();
    parcelSheet(runtime, { A4: '=BODENRICHTWERT_FLURSTUECK(A1)' });
    const shown = range(runtime, 'A4:G8').getValues();
    expect(shown.slice(3).map((row) => row[2])).toEqual(['M', 'L']);
    // A cell of the spilled table stands for the whole formula.
    select(runtime, 'C7');
    expect(runtime.value('fixValues')).toEqual({ cells: 35, skipped: [] });

    expect(range(runtime, 'A4:G8').getFormulas().flat()).toEqual(Array(35).fill(''));
    expect(range(runtime, 'A4:G8').getValues()).toEqual(shown);
    const notes = range(runtime, 'A4:G8').getNotes();
    // Parcel header, parcel row, zone header: no note.
    expect(notes.slice(0, 3).flat()).toEqual(Array(21).fill(''));
    const mixed = [
      'Bodenrichtwert: 500 EUR/m²',
      'Stichtag: 01.01.2024',
      'Abrufdatum: 02.11.2026',
      ...SOURCE,
    ].join('\n');
    expect(notes[3]).toEqual(Array(7).fill(mixed));
    expect(notes[4]).toEqual(Array(7).fill(mixed.replace('500 EUR', '4 EUR')));
    // The fixed formula's answer leaves the record.
    expect(recordKeys(runtime)).toEqual([]);
  });

  it('„Werte fixieren“ turns a parcel’s land value into its number, its note naming its zones’ Bodenrichtwert and Stichtag', () => {
    const runtime = signedIn();
    parcelSheet(runtime, {
      B1: '=BODENWERT_FLURSTUECK(A1;"m")',
      B2: '=BODENWERT_FLURSTUECK(A2)',
    });
    select(runtime, 'B1:B2');
    expect(runtime.value('fixValues')).toEqual({ cells: 2, skipped: [] });
    expect(range(runtime, 'B1:B2').getFormulas()).toEqual([[''], ['']]);
    expect(range(runtime, 'B1:B2').getValues()).toEqual([[300_000], [420_000]]);
    const [[mixed], [split]] = range(runtime, 'B1:B2').getNotes() as [[string], [string]];
    expect(mixed.split('\n')).toEqual([
      'Bodenrichtwert: 500 EUR/m²',
      'Stichtag: 01.01.2024',
      'Abrufdatum: 02.11.2026',
      ...SOURCE,
    ]);
    // The split parcel's value comes from two zones of 500 and 300 EUR/m², both of 2024-01-01.
    expect(split.split('\n').slice(0, 2)).toEqual([
      'Bodenrichtwert: mehrere Zonen',
      'Stichtag: 01.01.2024',
    ]);
  });

  it('„Werte fixieren“ says in the note that a parcel’s land value is converted to a GFZ', () => {
    const runtime = signedIn();
    parcelSheet(runtime, { B1: '=BODENWERT_FLURSTUECK(A1;"M")' });
    // The fake parcel use case converts nothing, so the kept answer is given the GFZ a
    // converted one keeps (parcelFormulas.ts: `g` beside the value).
    const [key] = recordKeys(runtime);
    const kept = runtime.documentProperties.values.get(key ?? '') ?? '';
    runtime.documentProperties.values.set(
      key ?? '',
      JSON.stringify({ ...JSON.parse(kept), g: 1.4 }),
    );
    select(runtime, 'B1');
    expect(runtime.value('fixValues')).toEqual({ cells: 1, skipped: [] });
    expect((range(runtime, 'B1').getNotes()[0]?.[0] ?? '').split('\n').slice(0, 3)).toEqual([
      'Bodenrichtwert: 500 EUR/m²',
      'Stichtag: 01.01.2024',
      'Umgerechnet auf GFZ 1,4 mit der amtlichen Standardformel (orientierend; ersetzt nicht die Umrechnungstabelle des Gutachterausschusses)',
    ]);
  });

  it('„Werte fixieren“ leaves a parcel formula not loaded yet, or inside another formula, and names it', () => {
    const runtime = signedIn();
    runtime.urlFetch.down = true;
    parcelSheet(runtime, {
      B1: '=BODENWERT_FLURSTUECK(A1;"M")',
      B2: '=WENNFEHLER(BODENRICHTWERT_FLURSTUECK(A2);"")',
    });
    expect(range(runtime, 'B1').getValues()).toEqual([['#ERROR!']]);
    runtime.urlFetch.down = false;
    select(runtime, 'B1:B2');
    expect(runtime.value('fixValues')).toEqual({
      cells: 0,
      skipped: [
        'B1: nicht fixiert – noch nicht alle Werte geladen (Fehlende Werte laden, dann erneut fixieren).',
        'B2: nicht fixiert – die Formel enthält mehr als BODENRICHTWERT_FLURSTUECK(…) mit Zellbezügen und Werten als Argumenten.',
      ],
    });
    expect(range(runtime, 'B1:B2').getFormulas()).toEqual([
      ['=BODENWERT_FLURSTUECK(A1;"M")'],
      ['=WENNFEHLER(BODENRICHTWERT_FLURSTUECK(A2);"")'],
    ]);
  });

  it('„Aktualisieren“ asks the service again for a parcel formula, and keeps its kept answer while that fails', () => {
    const runtime = signedIn();
    parcelSheet(runtime, {
      B1: '=BODENWERT_FLURSTUECK(A1;"M")',
      A4: '=BODENRICHTWERT_FLURSTUECK(A2)',
    });
    const shown = valuesOf(runtime.spreadsheet);
    expect(parcelRequests(runtime)).toHaveLength(2);

    select(runtime, 'B1');
    expect(runtime.value('refreshStoredValues', 'selection')).toEqual({ formulas: 1, cells: 1 });
    const asked = parcelRequests(runtime);
    expect(asked).toHaveLength(3);
    expect(new URL(asked[2]?.url ?? '').searchParams.get('kennzeichen')).toBe(MIXED_KENNZEICHEN);
    expect(valuesOf(runtime.spreadsheet)).toEqual(shown);

    // The service down: both formulas ask, and show their kept answers.
    runtime.urlFetch.down = true;
    expect(runtime.value('refreshStoredValues', 'spreadsheet')).toEqual({ formulas: 2, cells: 2 });
    expect(parcelRequests(runtime)).toHaveLength(5);
    expect(valuesOf(runtime.spreadsheet)).toEqual(shown);
    // Flagged answers count as missing until the service has answered.
    runtime.urlFetch.down = false;
    expect(runtime.value('refreshValues')).toEqual({ formulas: 2 });
    expect(parcelRequests(runtime)).toHaveLength(7);
    expect(valuesOf(runtime.spreadsheet)).toEqual(shown);
    expect(runtime.value('refreshValues')).toEqual({ formulas: 0 });
  });

  it('„Fehlende Werte laden“ re-enters the parcel formula without a kept answer and leaves the complete one alone', () => {
    const runtime = signedIn();
    parcelSheet(runtime, { B1: '=BODENWERT_FLURSTUECK(A1;"M")' });
    runtime.urlFetch.down = true;
    range(runtime, 'B2').setFormula('=BODENWERT_FLURSTUECK(A2)');
    const { host } = runtime.spreadsheet;
    expect(host.recalculate()).toBe(1);
    expect(range(runtime, 'B2').getValues()).toEqual([['#ERROR!']]);
    expect(runtime.value('getSidebarState')).toMatchObject({ record: { missing: 1 } });

    runtime.urlFetch.down = false;
    const executions = host.executions;
    const asked = parcelRequests(runtime).length;
    expect(runtime.value('refreshValues')).toEqual({ formulas: 1 });
    expect(host.executions - executions).toBe(1);
    expect(parcelRequests(runtime).length - asked).toBe(1);
    expect(range(runtime, 'B1:B2').getValues()).toEqual([[300_000], [420_000]]);
    expect(runtime.value('refreshValues')).toEqual({ formulas: 0 });
  });

  it('finds the answers under the keys the functions keep them, a use in lower case and a GFZ too', () => {
    const runtime = signedIn();
    parcelSheet(runtime, {
      B1: '=BODENWERT_FLURSTUECK(A1;"m")',
      B2: '=BODENWERT_FLURSTUECK(A2;"w";;1,4)',
      A4: '=BODENRICHTWERT_FLURSTUECK(A1;"m")',
    });
    expect(range(runtime, 'B2').getValues()).toEqual([['#ERROR!']]);
    // The keys of answers kept before: the table's use as typed, the value's upper-cased.
    const key = (...parts: string[]) =>
      `brw.r.${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)}`;
    expect(recordKeys(runtime).sort()).toEqual(
      [
        key('BODENWERT_FLURSTUECK|M', `flurstueck|${MIXED_KENNZEICHEN}||`),
        key('BODENWERT_FLURSTUECK|W', `flurstueck|${SPLIT_KENNZEICHEN}||1.4`),
        key('BODENRICHTWERT_FLURSTUECK|m', `flurstueck|${MIXED_KENNZEICHEN}||`),
      ].sort(),
    );
    // The sidebar derives the same keys: it finds each formula's kept answer
    // (three flagged), and none is missing.
    expect(runtime.value('getSidebarState')).toMatchObject({ record: { missing: 0, cells: 3 } });
    expect(runtime.value('refreshValues')).toEqual({ formulas: 0 });
    expect(runtime.value('refreshStoredValues', 'spreadsheet')).toEqual({ formulas: 3, cells: 3 });
  });

  it('„Werte fixieren“ of another formula keeps the parcel formulas’ answers in the record', () => {
    const runtime = signedIn();
    parcelSheet(runtime, {
      B1: `=BODENRICHTWERT("${DEMO_ADDRESSES.hannover}")`,
      B2: '=BODENWERT_FLURSTUECK(A2)',
    });
    expect(range(runtime, 'B1:B2').getValues()).toEqual([[expect.any(Number)], [420_000]]);
    const parcelKey = recordKeys(runtime).filter(
      (key) => runtime.documentProperties.values.get(key)?.includes('420000') ?? false,
    );
    expect(parcelKey).toHaveLength(1);
    select(runtime, 'B1');
    expect(runtime.value('fixValues')).toEqual({ cells: 1, skipped: [] });
    // Only the fixed lookup's answer leaves the record; the parcel's stays, and shows without a request.
    expect(recordKeys(runtime)).toEqual(parcelKey);
    const asked = parcelRequests(runtime).length;
    runtime.urlFetch.down = true;
    range(runtime, 'B2').setFormula('=BODENWERT_FLURSTUECK(A2)');
    runtime.spreadsheet.host.recalculate();
    expect(range(runtime, 'B2').getValues()).toEqual([[420_000]]);
    expect(parcelRequests(runtime)).toHaveLength(asked);
  });
});
