// The state's own map for the lookup page: asked once per box and kept, and no
// map (never an error) when the service fails or answers something else than
// an image; the failure is logged with the state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '#dev/fakes/faultyServer.js';
import { startWmsGfiFake } from '#dev/fakes/wmsGfiFake.js';
import { createOfficialMaps, type OfficialMapRequest } from '#server/sources/maps/officialMap.js';
import { logs, NOVEMBER_2026, upstream } from '../stateSupport.js';

let wms: FakeServer;
let broken: FakeServer;
beforeAll(async () => {
  wms = await startWmsGfiFake({
    '/wms': { version: '1.1.1', layers: { RLP_1: [] }, format: 'html' },
  });
  broken = await startFakeServer(({ url }) =>
    url.pathname === '/html'
      ? {
          status: 200,
          contentType: 'application/vnd.ogc.se_xml',
          body: '<ServiceExceptionReport/>',
        }
      : { status: 500, contentType: 'text/plain', body: 'down' },
  );
});
afterAll(async () => {
  await Promise.all([wms.close(), broken.close()]);
});

const request = (url: string): OfficialMapRequest => ({
  source: {
    state: 'DE-RP',
    owners: ['GeoBasis-DE / LVermGeo RLP'],
    map: { url, version: '1.1.1', layers: ['RLP_1'], format: 'image/png' },
  },
  box: { west: 8.27, south: 49.99, east: 8.28, north: 50.0 },
  year: 2026,
  width: 640,
  height: 400,
});

describe('the official map', () => {
  it('embeds the image, credits the owners and asks the service once per box', async () => {
    const maps = createOfficialMaps({ upstream, logger: logs.logger, clock: NOVEMBER_2026 });
    const first = await maps(request(`${wms.url}/wms`));
    expect(first?.href).toMatch(/^data:image\/png;base64,/);
    expect(first?.credit).toBe('GeoBasis-DE / LVermGeo RLP');
    const calls = wms.calls();
    expect(await maps(request(`${wms.url}/wms`))).toEqual(first);
    expect(wms.calls()).toBe(calls);
  });

  it('gives no map when the service fails or sends no image, and logs it', async () => {
    const maps = createOfficialMaps({ upstream, logger: logs.logger, clock: NOVEMBER_2026 });
    expect(await maps(request(`${broken.url}/down`))).toBeUndefined();
    expect(await maps(request(`${broken.url}/html`))).toBeUndefined();
    const failures = logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'official map unavailable');
    expect(failures.map((line) => [line.state, line.reason])).toEqual([
      ['DE-RP', 'http_status'],
      ['DE-RP', 'malformed_body'],
    ]);
  });
});
