// The layering of docs/ARCHITECTURE.md is enforced only if ESLint refuses a
// forbidden import: this lints a small file with one forbidden import in every
// server/src folder (at two depths), imports of dev/ and test/ from the
// product, of test/ from dev/ and bench/, and one out of shared/src, through
// the project's own eslint.config.js, and expects the error; allowed imports
// stay clean. Every form of naming a module is tried: a static import, a
// re-export, a dynamic import(), the #server map and a path that climbs
// through another folder.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { forbiddenFor, ROOT, SERVER_LAYERS } from '../../scripts/layers.mjs';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

const FORMS = {
  static: (specifier: string) =>
    `import { thing } from '${specifier}';\nexport const used = thing;\n`,
  reexport: (specifier: string) => `export { thing } from '${specifier}';\n`,
  dynamic: (specifier: string) => `export const used = () => import('${specifier}');\n`,
};

/** The layering messages ESLint gives an import of `specifier` at `filePath`, in one form. */
async function refusals(
  filePath: string,
  specifier: string,
  form: keyof typeof FORMS = 'static',
): Promise<string[]> {
  const [result] = await eslint.lintText(FORMS[form](specifier), { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'layering/imports')
    .map((m) => m.message);
}

const folders = SERVER_LAYERS.flat().filter((folder) => folder !== ROOT);
const lowerOf = (folder: string) =>
  SERVER_LAYERS.slice(
    0,
    SERVER_LAYERS.findIndex((row) => row.includes(folder)),
  ).flat()[0];

describe('the layering rules refuse a forbidden import', () => {
  it.each(folders.filter((folder) => forbiddenFor(folder).length > 0))(
    'in server/src/%s, at any depth',
    async (folder) => {
      const target = forbiddenFor(folder).find((name) => name !== ROOT) ?? '';
      const top = await refusals(`server/src/${folder}/guard.ts`, `../${target}/thing.js`);
      expect(top.join('\n')).toContain(`${folder} may not import`);
      const nested = await refusals(
        `server/src/${folder}/deeper/guard.ts`,
        `../../${target}/thing.js`,
      );
      expect(nested.join('\n')).toContain(`${folder} may not import`);
    },
  );

  it.each(folders.filter((folder) => lowerOf(folder) !== undefined))(
    'and lets server/src/%s import a lower row',
    async (folder) => {
      expect(
        await refusals(`server/src/${folder}/guard.ts`, `../${lowerOf(folder)}/thing.js`),
      ).toEqual([]);
    },
  );

  it('in the root files', async () => {
    const messages = await refusals('server/src/guard.ts', './cli/thing.js');
    expect(messages.join('\n')).toContain('(root) may not import');
  });

  it('for the development parts, in every product folder, by path and by map', async () => {
    for (const folder of ['config', 'lookup', 'api', 'mcp', 'cli', 'devtools']) {
      for (const specifier of ['../../../../../dev/fakes/thing.js', '#dev/fakes/thing.js']) {
        const deep = await refusals(`server/src/${folder}/a/b/guard.ts`, specifier);
        expect(deep.join('\n'), `${folder} ${specifier}`).toContain('dev/, test/ and bench/');
      }
    }
    const fromRoot = await refusals('server/src/guard.ts', '../../test/support/thing.js');
    expect(fromRoot.join('\n')).toContain('dev/, test/ and bench/');
  });

  it('for tests, in dev/ and bench/, which may use dev/ and the product', async () => {
    expect(
      (await refusals('dev/fakes/guard.ts', '../../test/support/thing.js')).join('\n'),
    ).toContain('dev may import');
    expect(
      (await refusals('bench/workbook/guard.ts', '../../test/support/thing.js')).join('\n'),
    ).toContain('bench may import');
    expect(await refusals('bench/workbook/guard.ts', '#dev/service/testServer.js')).toEqual([]);
    expect(await refusals('dev/fakes/guard.ts', '#server/lookup/thing.js')).toEqual([]);
  });

  it('outside the shared core and the add-ins', async () => {
    expect(
      (await refusals('shared/src/guard.ts', '../../server/src/thing.js')).join('\n'),
    ).toContain('shared/src imports nothing outside itself.');
    expect((await refusals('excel-addin/src/guard.ts', '../../server/src/thing.js')).length).toBe(
      1,
    );
    expect((await refusals('shared/src/guard.ts', '#server/lookup/thing.js')).length).toBe(1);
  });

  it.each(['static', 'reexport', 'dynamic'] as const)(
    'in the %s form, through the #server map and through a climbing path',
    async (form) => {
      const inSources = 'server/src/sources/wfs/guard.ts';
      for (const specifier of [
        '../../mcp/thing.js',
        '#server/mcp/thing.js',
        '../../lookup/../mcp/thing.js',
      ]) {
        const messages = await refusals(inSources, specifier, form);
        expect(messages.join('\n'), specifier).toContain('sources may not import');
      }
      expect(await refusals(inSources, '../../config/../time/thing.js', form)).toEqual([]);
      expect(await refusals(inSources, '#server/config/thing.js', form)).toEqual([]);
    },
  );

  it('outside the project (the reference material beside it) and for a folder missing from the table', async () => {
    const outside = await refusals('test/server/guard.test.ts', '../../../shared/spec/thing.js');
    expect(outside.join('\n')).toContain('inside the project');
    const unknown = await refusals('server/src/newpart/guard.ts', '../lookup/thing.js');
    expect(unknown.join('\n')).toContain('missing from the layering');
  });
});

describe('libraries the server reaches through one module of its own', () => {
  const restricted = async (filePath: string, specifier: string) => {
    const [result] = await eslint.lintText(FORMS.static(specifier), { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
  };

  it.each([
    ['lru-cache', 'server/src/memory/boundedLru.ts', 'memory/boundedLru.ts'],
    ['polyclip-ts', 'server/src/geo/clipping.ts', 'geo/clipping.ts'],
  ])('refuses %s outside %s', async (library, owner, named) => {
    const [refusal] = await restricted('server/src/lookup/cache/guard.ts', library);
    expect(refusal?.message).toContain(named);
    expect(await restricted(owner, library)).toEqual([]);
  });

  it.each(['better-sqlite3', 'node:sqlite'])(
    'refuses %s anywhere in the server',
    async (library) => {
      for (const filePath of ['server/src/db/guard.ts', 'server/src/memory/boundedLru.ts']) {
        const [refusal] = await restricted(filePath, library);
        expect(refusal?.message).toContain('One SQLite library per process');
      }
    },
  );
});
