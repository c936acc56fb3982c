import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.js';
import { DEMO_ADDRESSES, HANNOVER } from '#dev/fakes/demoWorld.js';
import { photonPlace, startPhotonFake, type PhotonFake } from '#dev/fakes/photonFake.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { createGeocoder } from '#server/geocoding/geocoder/createGeocoder.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { captureLogs } from '#dev/service/logs.js';

const logs = captureLogs();
const upstream = createUpstream({
  fetch: globalThis.fetch,
  timeoutMs: 300,
  userAgent: 'brw-test/1.0 (ops@example.de)',
  logger: logs.logger,
});
let fake: PhotonFake;
beforeAll(async () => {
  fake = await startPhotonFake(
    { [DEMO_ADDRESSES.hannover]: [photonPlace(HANNOVER)] },
    { structured: false },
  );
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.paths.length = 0;
});

const build = (env: Record<string, string>, logger = logs.logger) =>
  createGeocoder({ config: loadConfig({ GEOCODER_URL: fake.url, ...env }), upstream, logger });

describe('createGeocoder', () => {
  it('builds the Photon geocoder for GEOCODER_KIND=photon', async () => {
    const place = await build({ GEOCODER_KIND: 'photon' }).geocode(
      typedAddress(DEMO_ADDRESSES.hannover),
    );
    expect(place?.state).toBe('DE-NI');
    expect(fake.paths).toEqual(['/structured', '/api']);
  });

  it('tells the operator once that this Photon has no /structured', async () => {
    const own = captureLogs();
    const photon = build({ GEOCODER_KIND: 'photon' }, own.logger);
    await photon.geocode(typedAddress(DEMO_ADDRESSES.hannover));
    await photon.geocode(typedAddress(DEMO_ADDRESSES.hannover));
    const told = own.lines.filter((line) => line.includes('Photon has no /structured'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('"level":40');
  });

  it('builds the Nominatim geocoder by default', async () => {
    const nominatim = build({});
    await expect(nominatim.geocode(typedAddress(DEMO_ADDRESSES.hannover))).rejects.toMatchObject({
      httpStatus: 404,
    });
    expect(fake.paths).toEqual(['/search']);
  });
});
