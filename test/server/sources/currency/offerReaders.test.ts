// Each way the watch reads a state's offer, against a loopback stand-in that
// speaks the protocol: year services by their capabilities (a 404 is a year
// not published, any other failure an outage), a same-layer WFS by one
// feature sorted descending, a time-enabled WMS by its time dimension.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfferFake, type OfferFake } from '#dev/fakes/offerFake.js';
import { readNewestOffered, type OfferSource } from '#server/sources/currency/readOffer.js';
import { isUpstreamOutage } from '#server/upstream/upstreamOutage.js';
import { upstream } from '../stateSupport.js';

const BR = { br: 'http://www.adv-online.de/namespaces/adv/br/3.0' };
let fake: OfferFake;
beforeAll(async () => {
  fake = await startOfferFake({
    typeName: 'br:BR_Bodenrichtwert',
    namespaces: BR,
    features: [{ stichtag: '2022-01-01' }, { stichtag: '2026-01-01' }, { stichtag: '2024-01-01' }],
  });
});
afterAll(async () => {
  await fake.close();
});

const read = (source: OfferSource, thisYear = 2026) =>
  readNewestOffered(source, { upstream, thisYear });

const yearSource = (suffix: string, service: 'WFS' | 'WMS'): OfferSource => ({
  state: 'DE-HE',
  fields: { brw: 'bodenrichtwert', stichtag: 'stichtag', nutzung: 'art' },
  options: { url: `${fake.url}/year/{year}${suffix}`, version: '1.1.1' },
  history: { kind: 'year-endpoints', since: 2020 },
  currency: { offer: { kind: 'year-endpoints', service } },
});

describe('year services', () => {
  it('finds the newest published year from the clock year back, and the next one the day it is published', async () => {
    fake.failWith = undefined;
    fake.published = new Set([2020, 2022, 2024]);
    fake.requests.length = 0;
    expect(await read(yearSource('/wfs', 'WFS'))).toBe('2024-01-01');
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/year/2026/wfs',
      '/year/2025/wfs',
      '/year/2024/wfs',
    ]);
    fake.published.add(2026);
    expect(await read(yearSource('/wfs', 'WFS'))).toBe('2026-01-01');
  });

  it('reads WMS year services by their WMS capabilities', async () => {
    fake.published = new Set([2024, 2026]);
    expect(await read(yearSource('.fcgi', 'WMS'), 2027)).toBe('2026-01-01');
  });

  it('finds nothing when no year back to the first is published', async () => {
    fake.published = new Set([2019]);
    expect(await read(yearSource('/wfs', 'WFS'))).toBeUndefined();
  });

  it('reports an outage other than 404 instead of passing an older year off as the newest', async () => {
    fake.published = new Set([2024]);
    fake.failWith = 503;
    const failure: unknown = await read(yearSource('/wfs', 'WFS')).catch((err: unknown) => err);
    fake.failWith = undefined;
    expect(isUpstreamOutage(failure) && failure.httpStatus).toBe(503);
  });
});

const sameLayer = (fields: OfferSource['fields'], property: string): OfferSource => ({
  state: 'DE-BB',
  fields,
  options: { url: `${fake.url}/layer`, namespaces: BR },
  currency: { offer: { kind: 'newest-value', typeName: 'br:BR_Bodenrichtwert', property } },
});

describe('same-layer services', () => {
  it('asks for one feature sorted by the stichtag descending and reads its stichtag', async () => {
    fake.requests.length = 0;
    const source = sameLayer({ brw: 'bw', stichtag: 'stichtag', nutzung: 'art' }, 'br:stichtag');
    expect(await read(source)).toBe('2026-01-01');
    const [request] = fake.requests;
    expect(request?.body).toContain('count="1"');
    expect(request?.body).toContain(
      '<fes:ValueReference>br:stichtag</fes:ValueReference><fes:SortOrder>DESC</fes:SortOrder>',
    );
  });

  it('reads a Jahrgang through the field map, as every answer does (Hamburg)', async () => {
    fake.layer.features = [{ jahrgang: '2025' }, { jahrgang: '2026' }];
    const fields = {
      brw: 'richtwert_euro',
      stichtag: [{ path: 'jahrgang', pattern: '^(\\d{4})$', template: '$1-01-01' }],
      nutzung: 'nutzung',
    };
    expect(await read(sameLayer(fields, 'br:jahrgang'))).toBe('2026-01-01');
  });

  it('finds nothing in an empty layer, and calls a feature without a readable stichtag unusable', async () => {
    const fields = { brw: 'bw', stichtag: 'stichtag', nutzung: 'art' };
    fake.layer.features = [];
    expect(await read(sameLayer(fields, 'br:stichtag'))).toBeUndefined();
    fake.layer.features = [{ stichtag: 'bald' }];
    const failure: unknown = await read(sameLayer(fields, 'br:stichtag')).catch((e: unknown) => e);
    expect(isUpstreamOutage(failure) && failure.reason).toBe('malformed_body');
  });
});

describe('a time-enabled WMS', () => {
  const nrw = (): OfferSource => ({
    state: 'DE-NW',
    fields: { brw: 'BRW', stichtag: 'STAG', nutzung: 'NUTA' },
    options: { url: `${fake.url}/current` },
    history: { kind: 'time-parameter', since: 2011, url: `${fake.url}/wms-t` },
    currency: { offer: { kind: 'time-dimension' } },
  });

  it.each([
    ['an interval', '2011-01-01/2026-01-01/P1Y', '2026-01-01'],
    ['a list', '2011-01-01,2012-01-01,2025-01-01', '2025-01-01'],
    ['date-times', '2011-01-01T00:00:00.000Z/2027-01-01T00:00:00.000Z/P1Y', '2027-01-01'],
  ])('reads the latest date of %s', async (_kind, dimension, newest) => {
    fake.timeDimension = dimension;
    expect(await read(nrw())).toBe(newest);
  });

  it('finds nothing without a time dimension', async () => {
    fake.timeDimension = '';
    expect(await read(nrw())).toBeUndefined();
  });
});

it('does not read a state whose registry says it is not read', async () => {
  const source: OfferSource = {
    ...yearSource('/wfs', 'WFS'),
    currency: { offer: { kind: 'none', reason: 'county-dependent stichtag' } },
  };
  fake.requests.length = 0;
  expect(await read(source)).toBe('unread');
  expect(fake.requests).toEqual([]);
});
