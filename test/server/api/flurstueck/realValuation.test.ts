// GET /api/flurstueck over the REAL parcel use case (i-parcel-zones) and the
// demo world's loopback services: the answer matches the document, XML
// carries the same parcel, each refusal of the use case reaches the client
// with its code, and the quota counts a parcel once.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { TWO_ZONE_KENNZEICHEN } from '#dev/fakes/world/parcelWorld.js';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import { lookupQuery } from '../../../support/lookupHarness.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startParcelWorld, type ParcelWorld } from '../../../support/parcelWorldHarness.js';

let world: ParcelWorld;
beforeAll(async () => {
  world = await startParcelWorld();
});
afterAll(() => world.close());

async function ask(query: Record<string, string>, format = '') {
  const res = await fetch(`${world.h.server.url}/api/flurstueck?${lookupQuery(query)}${format}`, {
    headers: { Authorization: `Bearer ${world.h.account.token}` },
  });
  if (format !== '') return { status: res.status, text: await res.text() };
  const body = (await res.json()) as Record<string, unknown>;
  expectValidResponse('GET', '/api/flurstueck', res.status, body);
  return { status: res.status, body };
}

const usage = async () =>
  (await world.h.server.ctx.profiles.getProfile(world.h.account.user.id))?.usage_this_month ?? -1;

describe('GET /api/flurstueck with the real parcel use case', () => {
  it('answers the two-zone parcel as documented, counted once, its repetition free and cached', async () => {
    const before = await usage();
    const first = await ask({ kennzeichen: TWO_ZONE_KENNZEICHEN });
    expect(first.status).toBe(200);
    const answer = first.body as unknown as FlurstueckResponse;
    expect(answer.zonen.map((z) => z.bodenrichtwertnummer).sort()).toEqual(['1124', '1125']);
    expect(JSON.stringify(answer)).not.toContain('outline');
    expect(answer).not.toHaveProperty('mapSource');
    const again = await ask({ kennzeichen: TWO_ZONE_KENNZEICHEN, gfz: '2' });
    expect(again.status).toBe(200);
    expect((again.body as unknown as FlurstueckResponse).cache_hit).toBe(true);
    expect(await usage()).toBe(before + 1);
  });

  it('answers the same parcel as XML, the geometry as GeoJSON text', async () => {
    const json = (await ask({ kennzeichen: TWO_ZONE_KENNZEICHEN }))
      .body as unknown as FlurstueckResponse;
    const { status, text = '' } = await ask({ kennzeichen: TWO_ZONE_KENNZEICHEN }, '&format=xml');
    expect(status).toBe(200);
    const xml = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'zone' }).parse(
      text,
    ) as { response: { flurstueck: { geometrie: string }; zonen: { zone: unknown[] } } };
    expect(JSON.parse(xml.response.flurstueck.geometrie)).toEqual(json.flurstueck.geometrie);
    expect(xml.response.zonen.zone).toHaveLength(json.zonen.length);
  });

  it('answers 404 parcel_not_found for an unknown Kennzeichen and 451 for a Bavarian one', async () => {
    const unknown = await ask({ kennzeichen: '11000100199999______' });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'parcel_not_found' } });
    const bavarian = await ask({ kennzeichen: '09162000100001______' });
    expect(bavarian).toMatchObject({ status: 451, body: { error: 'restricted_state' } });
  });

  it('answers 404 address_not_found for an unknown address', async () => {
    const answer = await ask({ address: DEMO_ADDRESSES.unknown });
    expect(answer).toMatchObject({ status: 404, body: { error: 'address_not_found' } });
  });

  it('answers 503 service_error when the cadastre fails, and gives the count back', async () => {
    const before = await usage();
    world.cadastre.faults.set('http-500');
    try {
      // A Berlin parcel nobody asked before: nothing cached stands in.
      const answer = await ask({ kennzeichen: '11000100100777______' });
      expect(answer).toMatchObject({ status: 503, body: { error: 'service_error' } });
    } finally {
      world.cadastre.faults.set(undefined);
    }
    expect(await usage()).toBe(before);
  });
});
