// The Office manifest and the generated functions.json, checked offline.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAddin, TEST_BASE_URL } from '#dev/hosts/excel/buildAddin.js';
import { openWorkbook } from '#dev/hosts/excel/excelHost.js';
import { SPREADSHEET_FUNCTIONS } from '#shared/index.js';
import { checkManifest } from './support/manifestCheck.js';

const SOURCE_MANIFEST = resolve(import.meta.dirname, '../../manifests/excel-addin.xml');
const PACKAGE_JSON = resolve(import.meta.dirname, '../../package.json');

interface FunctionMetadata {
  id: string;
  name: string;
  description: string;
  options?: Record<string, boolean>;
  parameters: {
    name: string;
    description: string;
    type?: string;
    optional?: boolean;
    dimensionality?: string;
  }[];
  result: { type?: string; dimensionality?: string };
}

let dir: string;
let built: string;
let functions: FunctionMetadata[];
let metadata: { functions: FunctionMetadata[]; allowErrorForDataTypeAny?: boolean };

beforeAll(async () => {
  dir = await buildAddin();
  built = await readFile(join(dir, 'manifest.xml'), 'utf8');
  metadata = JSON.parse(await readFile(join(dir, 'functions.json'), 'utf8')) as typeof metadata;
  functions = metadata.functions;
}, 120_000);

describe('manifest.xml', () => {
  it('passes the offline check in the source, with its localhost URLs', async () => {
    expect(
      checkManifest(await readFile(SOURCE_MANIFEST, 'utf8'), { baseUrl: 'http://localhost:3000' }),
    ).toEqual([]);
  });

  it('is built with every URL under BASE_URL, each file URL pointing to a built file', () => {
    expect(checkManifest(built, { baseUrl: TEST_BASE_URL, distDir: dir })).toEqual([]);
    expect(built).not.toContain('localhost');
    expect(built).toContain(`<AppDomain>${TEST_BASE_URL}</AppDomain>`);
    expect(built).toContain(`${TEST_BASE_URL}/excel/functions.json?v=`);
  });

  it('is manifests/excel-addin.xml with BASE_URL for localhost, versioned file URLs and the package version', async () => {
    const source = await readFile(SOURCE_MANIFEST, 'utf8');
    const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
    const unversioned = built.replace(/\?v=[0-9a-f]{8}"/g, '"');
    expect(unversioned).toBe(
      source
        .replaceAll('http://localhost:3000', TEST_BASE_URL)
        .replace(/<Version>[^<]*</, `<Version>${version}.0<`),
    );
  });

  it('names only files every build has, each versioned by its content; the page loads the hashed scripts', async () => {
    expect(built).toMatch(/\/excel\/functions\.js\?v=[0-9a-f]{8}"/);
    expect(built).toMatch(/\/excel\/taskpane\.html\?v=[0-9a-f]{8}"/);
    expect(built).toMatch(/\/excel\/functions\.json\?v=[0-9a-f]{8}"/);
    expect(built).not.toMatch(/\.[0-9a-f]{8}\.js/);
    expect(await readFile(join(dir, 'functions.js'), 'utf8')).toContain('BODENRICHTWERT');
    const page = await readFile(join(dir, 'taskpane.html'), 'utf8');
    expect(page).toMatch(/src=functions\.[0-9a-f]{8}\.js>/);
    expect(page).toMatch(/src=runtime\.[0-9a-f]{8}\.js>/);
  });

  it('reports what is wrong with a broken manifest', () => {
    const check = (xml: string) => checkManifest(xml, { baseUrl: TEST_BASE_URL, distDir: dir });
    expect(check(built.replace('</OfficeApp>', ''))[0]).toMatch(/not well-formed/);
    expect(check(built.replace('Name="SharedRuntime"', 'Name="CustomFunctionsRuntime"'))).toEqual([
      'requirement set SharedRuntime missing',
    ]);
    expect(
      check(
        built.replace(
          /https?:\/\/[^"]*\/excel\/functions\.js\?v=[0-9a-f]+"/,
          'https://cdn.example.org/f.js"',
        ),
      ),
    ).toEqual(['URL outside BASE_URL: https://cdn.example.org/f.js']);
    expect(check(built.replace('icon-80.png', 'icon-81.png'))).toEqual([
      `URL points to no built file: ${TEST_BASE_URL}/excel/assets/icon-81.png`,
    ]);
    expect(check(built.replace('DefaultValue="BRW"', 'DefaultValue="XYZ"'))).toEqual([
      'namespace must be BRW',
    ]);
    expect(check(built.replace('resid="Functions.Metadata.Url"', 'resid="Nirgends"'))).toEqual([
      'resid Nirgends has no resource',
    ]);
  });
});

describe('functions.json', () => {
  it('holds exactly the functions the bundle associates', async () => {
    const workbook = await openWorkbook({ dir });
    const associated = workbook.ids().sort();
    await workbook.close();
    expect(functions.map((f) => f.id).sort()).toEqual(associated);
    expect(associated).toEqual(SPREADSHEET_FUNCTIONS.map((fn) => fn.excel).sort());
  });

  it('declares every function of the table with its arguments, optional where the table says', () => {
    for (const fn of SPREADSHEET_FUNCTIONS) {
      const declared = functions.find((f) => f.id === fn.excel);
      expect(
        declared?.parameters.map((p) => [p.name, p.optional ?? false]),
        fn.excel,
      ).toEqual(fn.args.map((arg) => [arg.name, arg.optional]));
      // Every function asking the service runs with the calling cell ("Aktualisieren", healing).
      if (fn.request.kind !== 'local') {
        expect(declared?.options, fn.excel).toEqual({ cancelable: true, requiresAddress: true });
      }
    }
  });

  it('describes BODENRICHTWERT: a range of addresses in (errors allowed), a matrix out, two optional texts and a date', () => {
    const fn = functions.find((f) => f.id === 'BODENRICHTWERT');
    expect(fn?.result).toEqual({ dimensionality: 'matrix' });
    // An error value in the address range reaches the function, which shows it in that row only.
    expect(metadata.allowErrorForDataTypeAny).toBe(true);
    expect(fn?.parameters).toEqual([
      expect.objectContaining({ name: 'adresse', type: 'any', dimensionality: 'matrix' }),
      expect.objectContaining({ name: 'nutzungsart', type: 'string', optional: true }),
      expect.objectContaining({ name: 'feld', type: 'string', optional: true }),
      // A date cell arrives as Excel's serial number, text as text.
      expect.objectContaining({ name: 'stichtag', type: 'any', optional: true }),
      expect.objectContaining({ name: 'zone', type: 'any', optional: true }),
    ]);
    expect(fn?.parameters[0]?.optional).toBeUndefined();
    expect(fn?.description).toMatch(/Bodenrichtwert in EUR\/m²/);
    // Request/response with the calling cell (cellHealing.ts, "Aktualisieren"), cancelable.
    expect(fn?.options).toEqual({ cancelable: true, requiresAddress: true });
  });

  it('describes ZONEN: one address and an optional date in, a table out', () => {
    const fn = functions.find((f) => f.id === 'ZONEN');
    expect(fn?.result).toEqual({ dimensionality: 'matrix' });
    expect(fn?.parameters).toEqual([
      expect.objectContaining({ name: 'adresse', type: 'string' }),
      expect.objectContaining({ name: 'stichtag', type: 'any', optional: true }),
    ]);
    expect(fn?.options).toEqual({ cancelable: true, requiresAddress: true });
    expect(fn?.description).toMatch(/Kopfzeile/);
  });

  it('describes BODENWERT: three required and three optional numbers, a number out', () => {
    const fn = functions.find((f) => f.id === 'BODENWERT');
    expect(fn?.result).toEqual({ type: 'number' });
    expect(fn?.parameters.map((p) => [p.name, p.optional ?? false])).toEqual([
      ['brw', false],
      ['gfz_referenz', false],
      ['gfz_tatsaechlich', false],
      ['flaeche', true],
      ['hinterland_flaeche_m2', true],
      ['hinterland_faktor', true],
    ]);
    for (const parameter of fn?.parameters ?? []) {
      expect(parameter.dimensionality).toBeUndefined(); // scalars
      expect(parameter.description.length).toBeGreaterThan(10);
    }
  });
});
