// A hostile stand-in for a state's self-description: answers every request
// with one capabilities document that stays under the body limit
// (upstream/limitedBody.ts, 8 MiB) but lists far more than any service does:
// a WMS time dimension of 700,000 dates (WMS 1.3.0 Annex C allows a list of
// values, NRW's wms-t writes its stichtage so) or 270,000 named layers
// (WMS 1.3.0 sets no limit on nested layers), a WFS with 200,000 feature types,
// an ArcGIS MapServer with 270,000 layers (its `?f=json` layer list). Such
// an answer was found to kill the service ("Reached heap limit") or to hold
// its event loop for seconds (issue 50).
import { MAX_UPSTREAM_BYTES } from '#server/upstream/limitedBody.js';
import { startLoopback, type LoopbackServer } from './loopback.js';

export type HostileDocument = 'dates' | 'wms-layers' | 'wfs-types' | 'arcgis-layers';

export const HOSTILE_DATES = 700_000;
export const HOSTILE_LAYERS = 270_000;
/** A feature type is longer to write: as many as the body limit holds. */
export const HOSTILE_TYPES = 200_000;
/** The newest date of the hostile time dimension. */
export const HOSTILE_NEWEST_DATE = '2999-12-31';

const WMS_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><WMS_Capabilities version="1.3.0" ' +
  'xmlns="http://www.opengis.net/wms"><Service><Name>WMS</Name></Service><Capability>' +
  '<Layer><Title>Bodenrichtwerte</Title>';
const WMS_TAIL = '</Layer></Capability></WMS_Capabilities>';

function timeDimension(): string {
  const days: string[] = [];
  for (let i = 0; i < HOSTILE_DATES - 1; i += 1) {
    days.push(`${1000 + (i % 999)}-01-01`);
  }
  days.splice(HOSTILE_DATES >> 1, 0, HOSTILE_NEWEST_DATE);
  return (
    WMS_HEAD +
    '<Layer queryable="1"><Name>20</Name><Title>brw_bauland</Title>' +
    `<Dimension name="time" units="ISO8601">${days.join(',')}</Dimension></Layer>` +
    WMS_TAIL
  );
}

/** The one document's text; each under the body limit (checked, so the test is of the reader, not the limit). */
export function hostileDocument(kind: HostileDocument): string {
  const many = (item: string) => item.repeat(HOSTILE_LAYERS);
  const text = {
    dates: timeDimension,
    'wms-layers': () => WMS_HEAD + many('<Layer><Name>n</Name></Layer>') + WMS_TAIL,
    'wfs-types': () =>
      '<?xml version="1.0"?><WFS_Capabilities xmlns="http://www.opengis.net/wfs/2.0">' +
      `<FeatureTypeList>${'<FeatureType><Name>t</Name></FeatureType>'.repeat(HOSTILE_TYPES)}` +
      '</FeatureTypeList></WFS_Capabilities>',
    'arcgis-layers': () =>
      `{"layers":[${Array.from({ length: HOSTILE_LAYERS }, (_, id) => `{"id":${id},"name":"x"}`).join(',')}]}`,
  }[kind]();
  if (Buffer.byteLength(text) > MAX_UPSTREAM_BYTES) throw new Error(`${kind} over the body limit`);
  return text;
}

export interface HostileCapabilities extends LoopbackServer {
  /** The document answered now (switchable while the stand-in runs). */
  serve: HostileDocument;
  /** Requests answered so far. */
  requests: number;
}

/** Every document is built before the stand-in listens: building one holds this process's event loop. */
export async function startHostileCapabilities(
  serve: HostileDocument,
): Promise<HostileCapabilities> {
  const kinds: HostileDocument[] = ['dates', 'wms-layers', 'wfs-types', 'arcgis-layers'];
  const bodies = new Map(kinds.map((kind) => [kind, Buffer.from(hostileDocument(kind))]));
  const state = { serve, requests: 0 };
  const server = await startLoopback((_req, res) => {
    state.requests += 1;
    const json = state.serve === 'arcgis-layers';
    res.writeHead(200, { 'Content-Type': json ? 'application/json' : 'text/xml; charset=UTF-8' });
    res.end(bodies.get(state.serve));
  });
  return Object.assign(state, server);
}
