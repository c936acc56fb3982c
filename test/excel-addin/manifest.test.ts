// The Office manifest and the generated functions.json, checked offline.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAddin, TEST_BASE_URL } from '#dev/hosts/excel/buildAddin.js';
import { loadBuiltFunctions } from '#dev/hosts/excel/loadFunctions.js';
import { checkManifest } from './support/manifestCheck.js';

const SOURCE_MANIFEST = resolve(import.meta.dirname, '../../manifests/excel-addin.xml');

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

beforeAll(async () => {
  dir = await buildAddin();
  built = await readFile(join(dir, 'manifest.xml'), 'utf8');
  const json = JSON.parse(await readFile(join(dir, 'functions.json'), 'utf8')) as {
    functions: FunctionMetadata[];
  };
  functions = json.functions;
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

  it('is manifests/excel-addin.xml with BASE_URL for localhost and versioned file URLs', async () => {
    const source = await readFile(SOURCE_MANIFEST, 'utf8');
    const unversioned = built
      .replace(/\/excel\/functions\.[0-9a-f]{8}\.js"/g, '/excel/functions.js"')
      .replace(/\?v=[0-9a-f]{8}"/g, '"');
    expect(unversioned).toBe(source.replaceAll('http://localhost:3000', TEST_BASE_URL));
  });

  it('points at the scripts by their content hash and versions the page and metadata URLs', async () => {
    const script = /\/excel\/(functions\.[0-9a-f]{8}\.js)"/.exec(built)?.[1];
    expect(script).toBeDefined();
    expect(await readFile(join(dir, script ?? ''), 'utf8')).toContain('BODENRICHTWERT');
    expect(built).toMatch(/\/excel\/taskpane\.html\?v=[0-9a-f]{8}"/);
    const page = await readFile(join(dir, 'taskpane.html'), 'utf8');
    expect(page).toContain(`src=${script}>`);
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
          /https?:\/\/[^"]*\/excel\/functions\.[0-9a-f]+\.js"/,
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
    const associated = (await loadBuiltFunctions(dir)).ids().sort();
    expect(functions.map((f) => f.id).sort()).toEqual(associated);
    expect(associated).toEqual(['BODENRICHTWERT', 'BODENWERT', 'ZONEN']);
  });

  it('describes BODENRICHTWERT: a range of addresses in, a matrix out, two optional texts and a date', () => {
    const fn = functions.find((f) => f.id === 'BODENRICHTWERT');
    expect(fn?.result).toEqual({ dimensionality: 'matrix' });
    expect(fn?.parameters).toEqual([
      expect.objectContaining({ name: 'adresse', type: 'string', dimensionality: 'matrix' }),
      expect.objectContaining({ name: 'nutzungsart', type: 'string', optional: true }),
      expect.objectContaining({ name: 'feld', type: 'string', optional: true }),
      // A date cell arrives as Excel's serial number, text as text.
      expect.objectContaining({ name: 'stichtag', type: 'any', optional: true }),
      expect.objectContaining({ name: 'zone', type: 'any', optional: true }),
    ]);
    expect(fn?.parameters[0]?.optional).toBeUndefined();
    expect(fn?.description).toMatch(/Bodenrichtwert in EUR\/m²/);
    // Streaming: pending cells show "wird geladen …" and fill in by themselves.
    expect(fn?.options).toEqual({ stream: true });
  });

  it('describes ZONEN: one address and an optional date in, a table out', () => {
    const fn = functions.find((f) => f.id === 'ZONEN');
    expect(fn?.result).toEqual({ dimensionality: 'matrix' });
    expect(fn?.parameters).toEqual([
      expect.objectContaining({ name: 'adresse', type: 'string' }),
      expect.objectContaining({ name: 'stichtag', type: 'any', optional: true }),
    ]);
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
