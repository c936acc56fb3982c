// The add-in uses only released Office APIs within the requirement sets its
// manifest declares (support/officeApiCheck.ts), and the check trips on the
// ways code reaches past them.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOfficeApis, declaredSets, readManifest } from './support/officeApiCheck.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSCONFIG = join(ROOT, 'excel-addin/tsconfig.json');
const MANIFEST = readManifest(join(ROOT, 'manifests/excel-addin.xml'));

describe('the Office API check', () => {
  let fixtures: string;
  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), 'brw-office-api-'));
    // The fixtures compile with the add-in's options: the same typings.
    await writeFile(
      join(fixtures, 'tsconfig.json'),
      JSON.stringify({
        extends: TSCONFIG,
        compilerOptions: { rootDir: fixtures, typeRoots: [join(ROOT, 'node_modules/@types')] },
        include: ['*.ts'],
      }),
    );
  });
  afterAll(() => rm(fixtures, { recursive: true, force: true }));

  const check = async (name: string, code: string) => {
    const file = join(fixtures, name);
    await writeFile(file, code);
    return checkOfficeApis({
      tsconfig: join(fixtures, 'tsconfig.json'),
      rootNames: [file],
      manifestXml: MANIFEST,
    });
  };

  it('reads the requirement sets of the manifest', () => {
    expect(Object.fromEntries(declaredSets(MANIFEST))).toEqual({
      SharedRuntime: '1.1',
      CustomFunctionsRuntime: '1.3',
      ExcelApi: '1.10',
    });
  }, 30_000);

  it('finds nothing in the add-in', () => {
    expect(checkOfficeApis({ tsconfig: TSCONFIG, manifestXml: MANIFEST })).toEqual([]);
  }, 60_000);

  it('trips on a cast to a hand-made shape, the way Workbook.use1904DateSystem was reached', async () => {
    expect(
      await check(
        'cast.ts',
        `interface DateSystemWorkbook { load(property: 'use1904DateSystem'): void; use1904DateSystem?: boolean }
export const read = () => Excel.run(async (context) => {
  const workbook = context.workbook as unknown as DateSystemWorkbook;
  workbook.load('use1904DateSystem');
  await context.sync();
  return workbook.use1904DateSystem === true;
});
export const again = (context: Excel.RequestContext) => context.workbook as DateSystemWorkbook;`,
      ),
    ).toEqual([
      'cast.ts:3: casts through unknown',
      'cast.ts:8: casts an Office object to DateSystemWorkbook (use1904DateSystem)',
    ]);
  }, 60_000);

  it('trips on a hand declaration, a member the typings lack and a property loaded by name', async () => {
    expect(
      await check(
        'declared.ts',
        `declare global { namespace Excel { interface Workbook { use1904DateSystem: boolean } } }
export const read = (context: Excel.RequestContext) => {
  context.workbook.load('use1904DateSystem');
  context.workbook.getActiveCell().load('previewOnly, address');
  return context.workbook.use1904DateSystem;
};`,
      ),
    ).toEqual([
      expect.stringMatching(/^declared\.ts:1: declares declare global/),
      'declared.ts:3: use1904DateSystem is not in the released Office typings',
      'declared.ts:4: loads previewOnly, which the released typings lack',
      'declared.ts:5: use1904DateSystem is not in the released Office typings',
    ]);
  }, 60_000);

  it("trips on an API of a requirement set above the manifest's", async () => {
    expect(
      await check(
        'newer.ts',
        `export const note = (context: Excel.RequestContext) =>
  context.workbook.notes.add('Tabelle1!A1', 'Notiz');`,
      ),
    ).toEqual([
      'newer.ts:2: add needs ExcelApi 1.18, above what the manifest declares',
      'newer.ts:2: notes needs ExcelApi 1.18, above what the manifest declares',
    ]);
  }, 60_000);
});
