// `npm run sources:check -- --schema` against the state fakes, which describe
// themselves as the real servers do: every connected state passes with the
// shipped registry; a registry naming a field, layer, type, geometry property
// or namespace the service does not publish gets the mismatch line and exit
// code 1; a service that cannot describe itself fails the check.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkFields } from '#server/sourceCheck/findings.js';
import { SHIPPED_STATES } from '#server/sources/shippedRegistry.js';
import {
  checkSchemas,
  formatSchemaResults,
  SCHEMA_CHECKS,
} from '#server/sourceCheck/schemaCheck.js';
import { ADAPTER_KINDS } from '#server/sources/adapterKinds.js';
import { sourcesCheck } from './sourcesCheckCommand.js';
import { logs, NOVEMBER_2026, startStateWorld, upstream, type StateWorld } from './stateSupport.js';

const STATES = SHIPPED_STATES;
const deps = { upstream, logger: logs.logger, clock: NOVEMBER_2026 };
let world: StateWorld;
let dir: string;

interface Entry {
  state: string;
  fields?: Record<string, unknown>;
  options?: Record<string, unknown>;
}

/** The state-fake registry with one entry changed; returns the new file. */
function registryWith(state: string, change: (entry: Entry) => Entry): string {
  const registry = JSON.parse(readFileSync(world.registryFile, 'utf8')) as { sources: Entry[] };
  const sources = registry.sources.map((e) => (e.state === state ? change(e) : e));
  const file = join(dir, `registry-${state}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ ...registry, sources }));
  return file;
}

const withOptions = (options: Record<string, unknown>) => (entry: Entry) => ({
  ...entry,
  options: { ...entry.options, ...options },
});

beforeAll(async () => {
  world = await startStateWorld();
  dir = mkdtempSync(join(tmpdir(), 'brw-schema-'));
});
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  for (const state of Object.keys(world.fakes.urls)) world.fakes.faults(state).set(undefined);
});

describe('checking the registry against the services’ own descriptions', () => {
  it('has a check, or the reason there is none, for every adapter kind and for no other', () => {
    const kinds = ADAPTER_KINDS.map((k) => k.kind).sort();
    expect(Object.keys(SCHEMA_CHECKS).sort()).toEqual(kinds);
  });

  it('passes every connected state of the shipped registry against the fakes', async () => {
    const results = await checkSchemas(await world.registry(), STATES, deps);
    const connected = results.filter((r) => r.status !== 'not_connected');
    expect(connected.map((r) => [r.state, r.status])).toEqual(
      connected.map((r) => [r.state, 'ok']),
    );
    expect(connected.map((r) => r.state)).toEqual(
      expect.arrayContaining(['DE-BB', 'DE-BE', 'DE-HB', 'DE-HE', 'DE-HH', 'DE-MV', 'DE-NI']),
    );
    expect(results.find((r) => r.state === 'DE-BE')?.checked).toEqual(['brw2026:brw2026_vector']);
    expect(results.find((r) => r.state === 'DE-BB')?.checked).toEqual([
      'br:BR_BodenrichtwertFlaeche',
      'br:BR_Bodenrichtwert',
    ]);
    // The WFS states are checked completely; the map services' fields cannot be.
    for (const state of ['DE-BB', 'DE-BE', 'DE-HB', 'DE-HE', 'DE-HH', 'DE-MV', 'DE-NI', 'DE-TH']) {
      expect(results.find((r) => r.state === state)?.findings).toEqual([]);
    }
    const nrw = results.find((r) => r.state === 'DE-NW');
    expect(nrw?.findings).toContainEqual({
      level: 'not_checkable',
      message: 'field `BRW` (brw): a WMS publishes no field schema',
    });
    expect(nrw?.findings.every((f) => f.level === 'not_checkable')).toBe(true);
  });

  it('names a geometry property the type does not have, and the one it has', async () => {
    const file = registryWith('DE-HH', withOptions({ geometryProperty: 'app:geom' }));
    const [result] = await checkSchemas(await world.registry(undefined, file), ['DE-HH'], deps);
    expect(result).toMatchObject({ status: 'mismatch' });
    expect(result?.findings).toEqual([
      {
        level: 'mismatch',
        message:
          'geometry property `app:geom` is not in `app:lgv_brw_zoniert_alle`; its geometry property is `app:geom_zone`',
      },
    ]);
  });

  it('names a namespace the service does not declare the type in', async () => {
    const file = registryWith(
      'DE-NI',
      withOptions({
        namespaces: {
          boris: 'http://www.adv-online.de/namespaces/adv/brm/2.1',
          adv: 'http://www.adv-online.de/namespaces/adv/gid/6.0',
        },
      }),
    );
    const [result] = await checkSchemas(await world.registry(undefined, file), ['DE-NI'], deps);
    expect(result?.findings).toEqual([
      {
        level: 'mismatch',
        message:
          'namespace of `boris:BR_BodenrichtwertZonal` is http://www.adv-online.de/namespaces/adv/boris/2.0; the registry declares boris as http://www.adv-online.de/namespaces/adv/brm/2.1',
      },
    ]);
  });

  it('reads nested AdV paths with or without the object element, prefixes dropped', async () => {
    const file = registryWith('DE-HB', (entry) => ({
      ...entry,
      fields: { ...entry.fields, nutzung: 'boris:nutzung/boris:BR_Nutzung/boris:art' },
    }));
    const [result] = await checkSchemas(await world.registry(undefined, file), ['DE-HB'], deps);
    expect(result).toMatchObject({ status: 'ok', findings: [] });
  });

  it('reads nested AdV paths: a wrong step inside nutzung is a mismatch', async () => {
    const file = registryWith('DE-HB', (entry) => ({
      ...entry,
      fields: { ...entry.fields, nutzung: 'nutzung/artDerNutzung' },
    }));
    const [result] = await checkSchemas(await world.registry(undefined, file), ['DE-HB'], deps);
    expect(result?.findings).toHaveLength(1);
    expect(result?.findings[0]?.message).toMatch(
      /^field `nutzung\/artDerNutzung` \(nutzung\) is not in `boris:BR_BodenrichtwertZonal`; the type has: .*nutzung\/art, nutzung\/ergaenzung/,
    );
  });

  it('checks ArcGIS fields against each layer the discovery picks', async () => {
    const file = registryWith('DE-ST', (entry) => ({
      ...entry,
      fields: { ...entry.fields, gemeinde: 'GENA' },
    }));
    const [result] = await checkSchemas(await world.registry(undefined, file), ['DE-ST'], deps);
    expect(result?.checked).toEqual(['992 VBORIS_BAUL_20260101', '993 VBORIS_LF_20260101']);
    expect(result?.findings.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^field `GENA` \(gemeinde\) is not in `992 VBORIS_BAUL_20260101`; the type has: OBJECTID, SHAPE, GEM__GENA, /,
      ) as unknown,
      expect.stringMatching(
        /^field `GENA` \(gemeinde\) is not in `993 VBORIS_LF_20260101`/,
      ) as unknown,
    ]);
  });

  it('reports a service that cannot describe itself as failed', async () => {
    world.fakes.faults('DE-TH').set('html-200');
    const [result] = await checkSchemas(await world.registry(), ['DE-TH'], deps);
    expect(result).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/^maintenance_page: /) as unknown,
    });
  });

  it('prints OK per state with what was checked, and the findings below it', async () => {
    const results = await checkSchemas(await world.registry(), ['DE-BE', 'DE-NW', 'DE-SL'], deps);
    const lines = formatSchemaResults(results).split('\n');
    expect(lines[0]).toMatch(/^DE-BE {2}Berlin +OK +brw2026:brw2026_vector$/);
    expect(lines[1]).toMatch(/^DE-NW {2}Nordrhein-Westfalen +OK +\d+(, \d+)*$/);
    expect(lines[2]).toBe('    not checkable: field `BRW` (brw): a WMS publishes no field schema');
    expect(lines.at(-1)).toMatch(/^DE-SL {2}Saarland +- +Das Saarland untersagt/);
  });
});

describe('checkFields', () => {
  const fields = [
    { field: 'nutzung', paths: ['nutzung/art'] },
    { field: 'brw', paths: ['bodenrichtwert'] },
    { field: 'stichtag', paths: ['stag', 'stichtag'] },
  ];

  it('calls a path into a schema that could not be read not checkable, not a mismatch', () => {
    const findings = checkFields(fields, 'boris:BR_BodenrichtwertZonal', {
      properties: ['bodenrichtwert', 'stichtag', 'nutzung'],
      unresolved: ['nutzung'],
    });
    expect(findings).toEqual([
      {
        level: 'not_checkable',
        message:
          'field `nutzung/art` (nutzung) in `boris:BR_BodenrichtwertZonal`: the type of `nutzung` is defined in a schema that could not be read',
      },
    ]);
  });

  it('names every path of a field none of whose paths is published', () => {
    const findings = checkFields(fields, 'app:x', {
      properties: ['nutzung', 'nutzung/art', 'bodenrichtwert'],
    });
    expect(findings).toEqual([
      {
        level: 'mismatch',
        message:
          'field stichtag: none of `stag`, `stichtag` is in `app:x`; the type has: nutzung, nutzung/art, bodenrichtwert',
      },
    ]);
  });
});

describe('npm run sources:check -- --schema', () => {
  const command = (file: string, args: string[]) => sourcesCheck(file, ['--schema', ...args]);

  it('exits 0 when the registry fits every service', async () => {
    const ok = await command(world.registryFile, ['--state', 'DE-MV', 'DE-BB', 'DE-RP']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^DE-MV {2}Mecklenburg-Vorpommern +OK +boris:wohnbauflaeche, /m);
    expect(ok.stdout).toMatch(/^DE-RP {2}Rheinland-Pfalz +OK +RLP_1, RLP_0$/m);
  }, 60_000);

  it('prints the missing field with what the type has, and exits 1', async () => {
    const file = registryWith('DE-MV', (entry) => ({
      ...entry,
      fields: { ...entry.fields, gemeinde: 'gena' },
    }));
    const failed = await command(file, ['--state', 'DE-MV']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^DE-MV {2}Mecklenburg-Vorpommern +MISMATCH /m);
    expect(failed.stdout).toMatch(
      /^ {4}field `gena` \(gemeinde\) is not in `boris:wohnbauflaeche`; the type has: msGeometry, .*brwkon/m,
    );
  }, 60_000);

  it('prints a layer the map service does not have, and exits 1', async () => {
    const file = registryWith('DE-RP', withOptions({ layers: ['RLP_1', 'RLP_9'] }));
    const failed = await command(file, ['--state', 'DE-RP', '--json']);
    expect(failed.code).toBe(1);
    const [result] = JSON.parse(failed.stdout) as { status: string; findings: unknown[] }[];
    expect(result?.status).toBe('mismatch');
    expect(result?.findings).toContainEqual({
      level: 'mismatch',
      message:
        'layer `RLP_9` is not in the capabilities; the service has: RLP_1 (Basisdienst bebaut), RLP_0 (Basisdienst landwirtschaftlich)',
    });
  }, 60_000);

  it('prints a type the WFS does not offer, and exits 1', async () => {
    const file = registryWith('DE-TH', withOptions({ featureType: 'boris:bodenrichtwertzonen' }));
    const failed = await command(file, ['--state', 'DE-TH']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(
      '    type `boris:bodenrichtwertzonen` is not offered; the service offers: boris:bodenrichtwertzone',
    );
  }, 60_000);
});
