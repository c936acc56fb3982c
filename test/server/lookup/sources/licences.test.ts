// The licence registry: every covered state has its terms; the shipped
// registry names the same licence and owners; a state whose terms forbid
// caching or commercial use is never asked online and says why.
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NRW_IMPORTED_SOURCE } from '../../../../server/src/fakes/fakeRegistry.js';
import { RESTRICTED_STATES } from '../../../../server/src/lookup/coverage.js';
import {
  onlineUseRefusal,
  STATE_LICENCES,
} from '../../../../server/src/lookup/licences/stateLicences.js';
import {
  DEFAULT_SOURCES_FILE,
  loadSourceRegistry,
} from '../../../../server/src/lookup/sources/registry.js';
import { logs, upstream } from './stateSupport.js';

const shipped = parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')) as {
  sources: {
    state: string;
    kind: string;
    enabled?: boolean;
    license?: string;
    owners?: string[];
    reason?: string;
  }[];
};
const dir = mkdtempSync(join(tmpdir(), 'brw-licences-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const deps = { upstream, logger: logs.logger };

describe('licence registry', () => {
  it('covers every state of the registry and none of the excluded ones', () => {
    expect(Object.keys(STATE_LICENCES).sort()).toEqual(shipped.sources.map((s) => s.state).sort());
    for (const state of RESTRICTED_STATES) expect(STATE_LICENCES).not.toHaveProperty(state);
  });

  it.each(
    shipped.sources
      .filter((s) => s.kind !== 'none' && s.enabled !== false)
      .map((s) => [s.state, s] as const),
  )(
    '%s: the shipped source names the registry’s licence and owners, and its terms allow our use',
    (state, source) => {
      const terms = STATE_LICENCES[state];
      expect(source.license).toBe(terms?.licence);
      expect(source.owners).toEqual(terms?.owners);
      expect(onlineUseRefusal(state)).toBeUndefined();
      expect(terms?.notice).not.toBe('');
    },
  );

  it.each([
    ['DE-BW', /forbids caching/],
    ['DE-SL', /forbids commercial use/],
  ])('%s is not connected by default and refuses an online source', async (state, why) => {
    expect(shipped.sources.find((s) => s.state === state)).toMatchObject({
      kind: 'none',
      reason: expect.any(String) as unknown,
    });
    expect(onlineUseRefusal(state)).toMatch(why);
    const online = {
      ...NRW_IMPORTED_SOURCE,
      state,
      kind: 'wms-gfi',
      options: { url: 'https://x.de' },
    };
    const file = join(dir, `${state}-online.json`);
    writeFileSync(file, JSON.stringify({ sources: [online] }));
    await expect(loadSourceRegistry(file, deps)).rejects.toThrow(why);
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

  it('keeps the German reason of an unconnected state for its 404', async () => {
    const registry = await loadSourceRegistry(DEFAULT_SOURCES_FILE, deps);
    expect(registry.forState('DE-SL')).toEqual({
      status: 'unconfigured',
      name: 'Saarland',
      reason: 'Das Saarland untersagt die gewerbliche Weiterverwendung seiner Bodenrichtwerte.',
    });
  });
});

describe('Sachsen-Anhalt (terms do not grant commercial reuse)', () => {
  const st = shipped.sources.find((s) => s.state === 'DE-ST');

  it('ships its researched definition switched off, with the reason for its 404', async () => {
    expect(st).toMatchObject({ kind: 'arcgis-query', enabled: false });
    expect(onlineUseRefusal('DE-ST')).toMatch(/forbids commercial use/);
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
