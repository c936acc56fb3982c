// The terms of each state, recorded in its registry entry: every shipped
// entry has them; a state whose terms forbid caching or commercial use is
// never asked online and says why.
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NRW_IMPORTED_SOURCE } from '#dev/fakes/fakeRegistry.js';
import { RESTRICTED_STATES } from '#server/sources/coverage.js';
import {
  DEFAULT_SOURCES_FILE,
  loadSourceRegistry,
  onlineUseRefusal,
} from '#server/sources/registry.js';
import type { Terms } from '#server/sources/sourceDefinition.js';
import { logs, upstream } from './stateSupport.js';

const shipped = parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')) as {
  sources: {
    state: string;
    kind: string;
    enabled?: boolean;
    license?: string;
    owners?: string[];
    reason?: string;
    terms?: Terms;
  }[];
};
const shippedEntry = (state: string) => {
  const entry = shipped.sources.find((s) => s.state === state);
  if (!entry) throw new Error(`${state} is not in the shipped registry`);
  return entry;
};
const dir = mkdtempSync(join(tmpdir(), 'brw-licences-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const deps = { upstream, logger: logs.logger };

describe('terms of the states', () => {
  it('are recorded for every state of the registry, and no excluded state is listed', () => {
    for (const source of shipped.sources) expect(source.terms, source.state).toBeDefined();
    const listed = shipped.sources.map((s) => s.state);
    for (const state of RESTRICTED_STATES) expect(listed).not.toContain(state);
  });

  it.each(
    shipped.sources
      .filter((s) => s.kind !== 'none' && s.enabled !== false)
      .map((s) => [s.state, s] as const),
  )(
    '%s: the shipped source names its licence and owners, and its terms allow our use',
    (state, source) => {
      expect(source.license).toBeDefined();
      expect(source.owners?.length).toBeGreaterThan(0);
      expect(onlineUseRefusal({ state, terms: source.terms })).toBeUndefined();
      expect(source.terms?.notice).toMatch(/\S/);
    },
  );

  it.each([
    ['DE-BW', /forbids caching/],
    ['DE-SL', /forbids commercial use/],
  ])('%s is not connected by default and refuses an online source', async (state, why) => {
    const entry = shippedEntry(state);
    expect(entry).toMatchObject({ kind: 'none', reason: expect.any(String) as unknown });
    expect(onlineUseRefusal(entry)).toMatch(why);
    const online = {
      ...NRW_IMPORTED_SOURCE,
      state,
      kind: 'wms-gfi',
      options: { url: 'https://x.de' },
      terms: entry.terms,
    };
    const file = join(dir, `${state}-online.json`);
    writeFileSync(file, JSON.stringify({ sources: [online] }));
    await expect(loadSourceRegistry(file, deps)).rejects.toThrow(why);
  });

  it('lets an entry without terms be used as written', () => {
    expect(onlineUseRefusal({ state: 'DE-NW', terms: undefined })).toBeUndefined();
  });

  it('accepts an imported dataset the operator is licensed to use for Baden-Württemberg', async () => {
    writeFileSync(
      join(dir, 'bw.geojson'),
      JSON.stringify({ type: 'FeatureCollection', features: [] }),
    );
    const imported = {
      ...NRW_IMPORTED_SOURCE,
      state: 'DE-BW',
      name: 'Baden-Württemberg',
      options: { file: 'bw.geojson' },
    };
    const file = join(dir, 'bw-imported.json');
    writeFileSync(file, JSON.stringify({ sources: [imported] }));
    expect((await loadSourceRegistry(file, deps)).forState('DE-BW')?.status).toBe('configured');
  });

  it('keeps the German reason and the portal of an unconnected state for its 404', async () => {
    const registry = await loadSourceRegistry(DEFAULT_SOURCES_FILE, deps);
    expect(registry.forState('DE-SL')).toEqual({
      status: 'unconfigured',
      name: 'Saarland',
      reason: 'Das Saarland untersagt die gewerbliche Weiterverwendung seiner Bodenrichtwerte.',
      portal: 'https://geoportal.saarland.de/',
    });
  });
});

describe('Sachsen-Anhalt (terms do not grant commercial reuse)', () => {
  const st = shippedEntry('DE-ST');

  it('ships its researched definition switched off, with the reason for its 404', async () => {
    expect(st).toMatchObject({ kind: 'arcgis-query', enabled: false });
    expect(onlineUseRefusal(st)).toMatch(/forbids commercial use/);
    const registry = await loadSourceRegistry(DEFAULT_SOURCES_FILE, deps);
    expect(registry.forState('DE-ST')).toEqual({
      status: 'unconfigured',
      name: 'Sachsen-Anhalt',
      reason: expect.stringMatching(/nur zur Einsichtnahme.*Kostenverordnung/s) as unknown,
    });
  });

  it('refuses to switch it on without the operator’s own licence, and accepts it with one', async () => {
    const enabled = { ...st, enabled: true };
    const without = join(dir, 'st-enabled.json');
    writeFileSync(without, JSON.stringify({ sources: [enabled] }));
    await expect(loadSourceRegistry(without, deps)).rejects.toThrow(/operatorLicence/);
    const licensed = join(dir, 'st-licensed.json');
    writeFileSync(
      licensed,
      JSON.stringify({ sources: [{ ...enabled, operatorLicence: 'Vereinbarung LVermGeo 2026' }] }),
    );
    expect((await loadSourceRegistry(licensed, deps)).forState('DE-ST')?.status).toBe('configured');
  });

  it('refuses a switched-off definition without a reason', async () => {
    const { reason: _reason, ...silent } = { ...st };
    const file = join(dir, 'st-silent.json');
    writeFileSync(file, JSON.stringify({ sources: [silent] }));
    await expect(loadSourceRegistry(file, deps)).rejects.toThrow(/needs a reason/);
  });
});
