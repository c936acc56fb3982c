// docs/ARCHITECTURE.md says only what the code does: the claims a machine can
// check are checked here, so a change that breaks one fails until the code or
// the document is put right (issue 36).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SERVER_LAYERS } from '../../scripts/layers.mjs';

const architecture = await readFile('docs/ARCHITECTURE.md', 'utf8');

async function serverFiles(dir = 'server/src'): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? serverFiles(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]),
    ),
  );
  return nested.flat().filter((file) => file.endsWith('.ts'));
}

async function filesMatching(pattern: RegExp): Promise<string[]> {
  const files = await serverFiles();
  const hits = await Promise.all(
    files.map(async (file) => (pattern.test(await readFile(file, 'utf8')) ? file : undefined)),
  );
  return hits.filter((file): file is string => file !== undefined).map((f) => f.slice(11));
}

describe('docs/ARCHITECTURE.md', () => {
  it('draws the layering table of scripts/layers.mjs, row by row', () => {
    const rows = [...architecture.matchAll(/^\| (\d+) +\| (.+?) +\| .+\|$/gm)].map((m) =>
      (m[2] ?? '').includes('root')
        ? [ROOT]
        : [...(m[2] ?? '').matchAll(/`([^`]+)`/g)].map((n) => n[1]),
    );
    expect(rows).toEqual(SERVER_LAYERS);
  });

  it('describes every folder of server/src in its server layout, and no folder that is gone', async () => {
    const layout = /## Server layout\n+```\n([\s\S]*?)```/.exec(architecture)?.[1] ?? '';
    const described = [...layout.matchAll(/^ {2}(\w+)\/(?:<\w+>\/)? /gm)].map((m) => m[1]);
    const folders = (await readdir('server/src', { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect([...described].sort()).toEqual([...folders].sort());
  });

  it('is right that only repositories, models and db/ import Sequelize (builders its type only)', async () => {
    const valueImports = await filesMatching(/^import (?!type )[^;]*from 'sequelize'/m);
    const outside = valueImports.filter(
      (file) => !/(Repository|Models?)\.ts$/.test(file) && !file.startsWith('db/'),
    );
    expect(outside).toEqual([]);
    const typeOnly = await filesMatching(/^import type [^;]*from 'sequelize'/m);
    const builders = typeOnly.filter(
      (file) => !/(Repository|Models?)\.ts$/.test(file) && !file.startsWith('db/'),
    );
    for (const builder of builders) expect(architecture, builder).toContain(`\`${builder}\``);
  });

  it('is right about where Express routers are created', async () => {
    const creators = await filesMatching(/\bRouter\(\)/);
    const named = creators.filter(
      (file) => !/Router\.ts$/.test(file) && !/^dashboard\/pages\/\w+Pages?\.ts$/.test(file),
    );
    for (const file of named) expect(architecture, file).toContain(`\`${file}\``);
  });
});
