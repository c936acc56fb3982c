// A stand-in WFS 2.0 for the conversion-table check: GetCapabilities lists a
// land-value type and the AdV model's conversion-table types (BRM 3.0.1:
// BR_UmrechnungstabelleWerte, BR_UmrechnungstabelleDatei), GetFeature answers
// a wfs:FeatureCollection with numberMatched and, for a filled type, one
// wfs:member, as a deegree or GeoServer WFS does.
import { startLoopback, type LoopbackServer } from './loopback.js';

const TYPES = [
  'br:BR_Bodenrichtwert',
  'br:BR_UmrechnungstabelleWerte',
  'br:BR_UmrechnungstabelleDatei',
];

/** `filled`: the conversion-table types that hold one feature; the others are empty. */
export async function startConversionTableWfs(filled: readonly string[]): Promise<LoopbackServer> {
  return startLoopback((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const request = query.get('REQUEST') ?? query.get('request');
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    if (request === 'GetCapabilities') {
      const types = TYPES.map((name) => `<FeatureType><Name>${name}</Name></FeatureType>`).join('');
      return void res.end(
        '<?xml version="1.0" encoding="UTF-8"?><wfs:WFS_Capabilities version="2.0.0" ' +
          'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns="http://www.opengis.net/wfs/2.0" ' +
          `xmlns:br="http://www.adv-online.de/namespaces/adv/brm/3.0"><FeatureTypeList>${types}` +
          '</FeatureTypeList></wfs:WFS_Capabilities>',
      );
    }
    if (request === 'GetFeature') {
      const type = query.get('TYPENAMES') ?? '';
      const member = filled.includes(type)
        ? `<wfs:member><${type} gml:id="u1"><br:wert>1.05</br:wert></${type}></wfs:member>`
        : '';
      const count = member === '' ? 0 : 1;
      return void res.end(
        '<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection ' +
          'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" ' +
          'xmlns:br="http://www.adv-online.de/namespaces/adv/brm/3.0" ' +
          `numberMatched="${count}" numberReturned="${count}">${member}</wfs:FeatureCollection>`,
      );
    }
    res.statusCode = 400;
    res.end('<ExceptionReport/>');
  });
}
