import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, DEMO_PLACES } from '#dev/fakes/demoWorld.js';
import { DEMO_WFS_SERVICES } from '#dev/fakes/fakeRegistry.js';
import { startNominatimFake, type NominatimFake } from '#dev/fakes/nominatimFake.js';
import { readSrsName, startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';

let nominatim: NominatimFake;
let wfs: WfsFake;
beforeAll(async () => {
  nominatim = await startNominatimFake(DEMO_PLACES);
  wfs = await startWfsFake(DEMO_WFS_SERVICES);
});
afterAll(async () => {
  await Promise.all([nominatim.close(), wfs.close()]);
});

describe('Nominatim fake', () => {
  it('refuses a request without User-Agent like the public instance', async () => {
    const url = `${nominatim.url}/search?format=jsonv2&q=${encodeURIComponent(DEMO_ADDRESSES.hannover)}`;
    // undici always sends a User-Agent unless it is set empty.
    const res = await fetch(url, { headers: { 'User-Agent': '' } });
    expect(res.status).toBe(403);
  });

  it('answers jsonv2 with string coordinates and ISO3166-2-lvl4', async () => {
    const url = `${nominatim.url}/search?format=jsonv2&addressdetails=1&q=${encodeURIComponent(DEMO_ADDRESSES.berlin)}`;
    const [result] = (await (await fetch(url)).json()) as Record<string, unknown>[];
    expect(result).toMatchObject({ lat: '52.5163', lon: '13.3777', place_rank: 30 });
    expect(result?.address).toMatchObject({ 'ISO3166-2-lvl4': 'DE-BE', house_number: '1' });
    expect(result?.address).not.toHaveProperty('state');
  });
});

describe('WFS fake', () => {
  it.each([
    ['urn:ogc:def:crs:EPSG::4326', { crs: 'EPSG:4326', axisOrder: 'lat-lon' }],
    ['http://www.opengis.net/def/crs/EPSG/0/4326', { crs: 'EPSG:4326', axisOrder: 'lat-lon' }],
    ['EPSG:4326', { crs: 'EPSG:4326', axisOrder: 'lon-lat' }],
    ['urn:ogc:def:crs:EPSG::25832', { crs: 'EPSG:25832', axisOrder: 'east-north' }],
    ['EPSG:25833', { crs: 'EPSG:25833', axisOrder: 'east-north' }],
  ])('reads srsName %s like a strict WFS 2.0', (srsName, expected) => {
    expect(readSrsName(srsName)).toEqual(expected);
  });

  it('answers an OGC exception report to a request it cannot read', async () => {
    const res = await fetch(`${wfs.url}/ni`, { method: 'POST', body: '<wfs:GetFeature/>' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('ExceptionReport');
    expect((await fetch(`${wfs.url}/ni?request=GetPropertyValue`)).status).toBe(400);
  });

  it('describes itself by GET: GetCapabilities names the type, DescribeFeatureType imports the AdV schema', async () => {
    const capabilities = await fetch(`${wfs.url}/ni?SERVICE=WFS&REQUEST=GetCapabilities`);
    expect(capabilities.status).toBe(200);
    expect(await capabilities.text()).toContain('<Name>boris:BR_BodenrichtwertZonal</Name>');
    const schema = await fetch(
      `${wfs.url}/ni?SERVICE=WFS&REQUEST=DescribeFeatureType&TYPENAMES=boris:BR_BodenrichtwertZonal`,
    );
    expect(await schema.text()).toContain('schemaLocation="/ni/schemas/brm.xsd"');
    expect(await (await fetch(`${wfs.url}/ni/schemas/brm.xsd`)).text()).toContain(
      '<element name="BR_BodenrichtwertZonal"',
    );
    const unknown = await fetch(`${wfs.url}/ni?REQUEST=DescribeFeatureType&TYPENAMES=boris:Nope`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Unknown feature type boris:Nope');
  });
});
