// npm start's build step in a real temporary project folder: the server
// compile always runs (tsc -b skips unchanged work itself), the Excel add-in
// is built once per set of inputs and BASE_URL, and for the BASE_URL the
// service starts with.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildForStart } from '#server/devtools/startBuild.js';

describe('the build before npm start', () => {
  let root: string;
  let calls: string[];
  const builders = {
    server: async () => {
      calls.push('server');
    },
    excel: async (baseUrl: string) => {
      calls.push(`excel ${baseUrl}`);
      // Like webpack's clean output: the folder is replaced, stamp and all.
      rmSync(join(root, 'excel-addin/dist'), { recursive: true, force: true });
      mkdirSync(join(root, 'excel-addin/dist'), { recursive: true });
      writeFileSync(join(root, 'excel-addin/dist/manifest.xml'), `<x>${baseUrl}</x>`);
    },
  };
  const write = (path: string, content: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const start = (env: Record<string, string>) => buildForStart(root, env, builders);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'brw-start-build-'));
    calls = [];
    write('excel-addin/src/functions.ts', 'export const a = 1;');
    write('manifests/excel-addin.xml', '<OfficeApp/>');
    write('shared/src/density.ts', 'export const k = 1;');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds the add-in for the port it starts on, then only the server while nothing changed', async () => {
    expect(await start({ PORT: '3457' })).toEqual({
      baseUrl: 'http://localhost:3457',
      excelBuilt: true,
    });
    expect(await start({ PORT: '3457' })).toMatchObject({ excelBuilt: false });
    expect(calls).toEqual(['server', 'excel http://localhost:3457', 'server']);
  });

  it('rebuilds the add-in when BASE_URL or PORT changes', async () => {
    await start({ PORT: '3457' });
    await start({ PORT: '3457', BASE_URL: 'https://brw.example.de/', TRUST_PROXY: '1' });
    await start({ PORT: '3458' });
    expect(calls.filter((call) => call.startsWith('excel'))).toEqual([
      'excel http://localhost:3457',
      'excel https://brw.example.de',
      'excel http://localhost:3458',
    ]);
  });

  it.each([
    'excel-addin/src/functions.ts',
    'excel-addin/src/taskpane/new.ts',
    'manifests/excel-addin.xml',
    'shared/src/density.ts',
    'package-lock.json',
  ])('rebuilds the add-in when %s changes', async (path) => {
    await start({});
    write(path, 'changed');
    expect(await start({})).toMatchObject({ excelBuilt: true });
  });

  it('does not rebuild for files that are not inputs of the bundle', async () => {
    await start({});
    write('excel-addin/scripts/start-excel.mjs', 'changed');
    write('server/src/main.ts', 'changed');
    write('manifests/appsscript.json', 'changed');
    expect(await start({})).toMatchObject({ excelBuilt: false });
  });

  it('builds again after the output folder was removed', async () => {
    await start({});
    rmSync(join(root, 'excel-addin/dist'), { recursive: true });
    expect(await start({})).toMatchObject({ excelBuilt: true });
  });

  it('builds nothing when the configuration is invalid', async () => {
    await expect(start({ PORT: 'drei' })).rejects.toThrow(/PORT/);
    expect(calls).toEqual([]);
  });
});
