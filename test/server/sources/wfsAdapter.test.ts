import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HANNOVER, WIESBADEN } from '#dev/fakes/demoWorld.js';
import { DEMO_WFS_SERVICES } from '#dev/fakes/fakeRegistry.js';
import { FAULT_MODES } from '#dev/fakes/faults.js';
import { startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';
import { DEFAULT_SOURCES_FILE } from '#server/sources/registry.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import { wfsGmlKind } from '#server/sources/wfs/wfsAdapter.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { UpstreamOutage } from '#server/upstream/upstreamOutage.js';
import { captureLogs } from '#dev/service/logs.js';

// The shipped definitions of NI and HE, only pointed at the fake.
const shipped = parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')) as {
  sources: (ConfiguredSource<Record<string, unknown>> & { state: string })[];
};
const definition = (state: string) => {
  const found = shipped.sources.find((s) => s.state === state);
  if (!found) throw new Error(`no ${state} in the registry`);
  return found;
};

let wfs: WfsFake;
const logs = captureLogs();
const upstream = createUpstream({
  fetch: globalThis.fetch,
  timeoutMs: 300,
  userAgent: 'brw-test/1.0 (test@example.de)',
  logger: logs.logger,
});

async function adapterFor(state: string, path: string, options: Record<string, unknown> = {}) {
  const source = definition(state);
  return wfsGmlKind.create(
    { ...source, options: { ...source.options, url: wfs.url + path, ...options } },
    { upstream, logger: logs.logger, registryDir: '.' },
  );
}

beforeAll(async () => {
  wfs = await startWfsFake(DEMO_WFS_SERVICES);
});
afterAll(async () => {
  await wfs.close();
});
beforeEach(() => {
  wfs.faults.set(undefined);
});

describe('WFS GML adapter against the BRM fake', () => {
  it('finds the zones containing a point in Niedersachsen (EPSG:4326, lat lon)', async () => {
    const records = await (await adapterFor('DE-NI', '/ni')).recordsAt(HANNOVER);
    expect(records.map((r) => [r.bodenrichtwertnummer, r.stichtag, r.nutzung])).toEqual([
      ['04301001', '2026-01-01', 'MK'],
      ['04301001', '2024-01-01', 'MK'],
      ['04301002', '2026-01-01', 'WA'],
      ['04309001', '2026-01-01', 'A'],
    ]);
    expect(records[0]).toMatchObject({
      brw: '1850.0',
      gemeinde: 'Hannover',
      gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Hameln-Hannover',
      zonenbezeichnung: 'Innenstadt Georgstraße',
    });
  });

  it('asks with a point, so the neighbouring zone is not returned', async () => {
    const records = await (await adapterFor('DE-NI', '/ni')).recordsAt(HANNOVER);
    expect(records.map((r) => r.bodenrichtwertnummer)).not.toContain('04301003');
  });

  it('finds nothing when the axis order is swapped', async () => {
    const adapter = await adapterFor('DE-NI', '/ni', { axisOrder: 'lon-lat' });
    expect(await adapter.recordsAt(HANNOVER)).toEqual([]);
  });

  it('sends the Hessen point in EPSG:25832 easting northing and reads brm 2.1 with uom', async () => {
    const records = await (await adapterFor('DE-HE', '/he')).recordsAt(WIESBADEN);
    expect(
      records.map((r) => [r.nutzung, r.ergaenzung, r.brw, r.wertrel_geschossflaechenzahl]),
    ).toEqual([
      ['WA', 'EFH', '1100', '0.8'],
      ['WA', 'MFH', '1350', '1.2'],
      ['GR', undefined, '3,5', undefined],
    ]);
  });

  it('treats a namespace the service does not know as an outage (gid 7.1 on LGLN)', async () => {
    const source = definition('DE-NI');
    const namespaces = {
      ...(source.options.namespaces as Record<string, string>),
      adv: 'http://www.adv-online.de/namespaces/adv/gid/7.1',
    };
    const adapter = await adapterFor('DE-NI', '/ni', { namespaces });
    await expect(adapter.recordsAt(HANNOVER)).rejects.toMatchObject({ reason: 'http_status' });
  });

  it('cuts the town out of the committee name in Bremen', async () => {
    const records = await (
      await adapterFor('DE-HB', '/hb')
    ).recordsAt({ lat: 53.0765, lon: 8.8075 });
    expect(records.map((r) => r.gemeinde)).toEqual(['Bremen', 'Bremen']);
  });
});

describe('outages of the WFS', () => {
  const expectedReason = {
    'html-200': 'maintenance_page',
    'http-500': 'http_status',
    'http-503': 'http_status',
    reset: 'network',
    hang: 'timeout',
    truncated: 'malformed_body',
    'slow-drip': 'timeout',
  } as const;

  it.each(FAULT_MODES)('reports %s as an outage after one retry', async (mode) => {
    const adapter = await adapterFor('DE-NI', '/ni');
    wfs.faults.set(mode);
    const before = wfs.calls('/ni');
    const error: unknown = await adapter.recordsAt(HANNOVER).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(UpstreamOutage);
    expect((error as UpstreamOutage).reason).toBe(expectedReason[mode]);
    expect(wfs.calls('/ni') - before).toBe(2);
  });

  it('succeeds when only the first attempt fails', async () => {
    const adapter = await adapterFor('DE-NI', '/ni');
    wfs.faults.set('http-503', 1);
    const before = wfs.calls('/ni');
    expect(await adapter.recordsAt(HANNOVER)).toHaveLength(4);
    expect(wfs.calls('/ni') - before).toBe(2);
  });

  it('does not retry a client error', async () => {
    const adapter = await adapterFor('DE-NI', '/ni', { featureType: 'boris:Unbekannt' });
    const before = wfs.calls('/ni');
    await expect(adapter.recordsAt(HANNOVER)).rejects.toMatchObject({ httpStatus: 400 });
    expect(wfs.calls('/ni') - before).toBe(1);
  });
});
