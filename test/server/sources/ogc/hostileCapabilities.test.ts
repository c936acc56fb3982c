// A service describing its offer with a document under the body limit but
// far beyond any real one (issue 50): the readers keep only what they need
// (the newest date; at most OFFER_CAPS.layers layers). Past a cap the source
// is out, never the process. That the service survives such a document under
// the heap of `npm start`, with /healthz answering meanwhile, is
// test/reliability/hostileUpstream.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTILE_NEWEST_DATE,
  startHostileCapabilities,
  type HostileCapabilities,
  type HostileDocument,
} from '#dev/fakes/hostileCapabilities.js';
import { createLayerDiscovery } from '#server/sources/arcgis/layerDiscovery.js';
import { newestTimeOffered } from '#server/sources/currency/timeDimensionOffer.js';
import { wfsFeatureTypeNames } from '#server/sources/ogc/capabilities.js';
import { wmsLayers } from '#server/sources/ogc/wmsCapabilities.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { logs } from '../stateSupport.js';

/** Time enough to send 8 MiB on a busy machine: the reading is under test, not the timeout. */
const upstream = createUpstream({
  fetch: globalThis.fetch,
  timeoutMs: 10_000,
  userAgent: 'brw-test/1.0 (test@example.de)',
  logger: logs.logger,
});

let hostile: HostileCapabilities;
beforeAll(async () => {
  hostile = await startHostileCapabilities('dates');
});
afterAll(async () => {
  await hostile.close();
});

/** What `read` gives against the document: its value or its error. */
async function whileServing(kind: HostileDocument, read: () => Promise<unknown>) {
  hostile.serve = kind;
  return read().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

describe('a capabilities document under the body limit', () => {
  it('with a time dimension of 700,000 dates gives its newest date', async () => {
    const read = await whileServing('dates', () => newestTimeOffered(upstream, hostile.url));
    expect(read).toEqual({ value: HOSTILE_NEWEST_DATE });
  });

  it.each([
    ['270,000 WMS layers', 'wms-layers', () => wmsLayers(upstream, hostile.url, '1.3.0')],
    ['200,000 WFS feature types', 'wfs-types', () => wfsFeatureTypeNames(upstream, hostile.url)],
    [
      '270,000 ArcGIS layers',
      'arcgis-layers',
      () =>
        createLayerDiscovery(
          { url: hostile.url, layerNamePattern: '^VBORIS_BAUL_(\\d{8})$' },
          upstream,
          () => new Date(),
        )(),
    ],
  ] as const)('with %s is an outage of the source', async (_what, kind, read) => {
    const outcome = await whileServing(kind, read);
    expect(outcome).toMatchObject({
      error: expect.objectContaining({
        reason: 'malformed_body',
        message: expect.stringMatching(/^more than 5000 /),
      }),
    });
  });
});
