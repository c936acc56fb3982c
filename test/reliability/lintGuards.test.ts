// The layering of docs/ARCHITECTURE.md is enforced only if ESLint refuses a
// forbidden import: this lints a small file with one forbidden import in every
// server/src folder (at two depths), one import of the fakes from the product,
// and one out of shared/src, through the project's own eslint.config.js, and
// expects the error; allowed imports stay clean.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { forbiddenFor, ROOT, SERVER_LAYERS } from '../../scripts/layers.mjs';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The no-restricted-imports messages ESLint gives `import` at `filePath`. */
async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { thing } from '${specifier}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
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
    const messages = await refusals('server/src/guard.ts', './demo/thing.js');
    expect(messages.join('\n')).toContain('(root) may not import');
  });

  it('for the fakes, in every product folder, but not in the demo', async () => {
    for (const folder of ['config', 'lookup', 'api', 'mcp', 'cli', 'devtools']) {
      const deep = await refusals(`server/src/${folder}/a/b/guard.ts`, '../../../fakes/thing.js');
      expect(deep.join('\n'), folder).toMatch(/fakes are no part of the product|may not import/);
    }
    expect(await refusals('server/src/demo/guard.ts', '../fakes/thing.js')).toEqual([]);
  });

  it('outside the shared core and the add-ins', async () => {
    expect(
      (await refusals('shared/src/guard.ts', '../../server/src/thing.js')).join('\n'),
    ).toContain('shared/src imports nothing outside itself.');
    expect((await refusals('excel-addin/src/guard.ts', '../../server/src/thing.js')).length).toBe(
      1,
    );
  });
});
