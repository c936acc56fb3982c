// The `wfs-gml` kind: WFS 2.0 GetFeature POST with a point Intersects filter,
// answered in GML (AdV BRM: Niedersachsen, Bremen, Hessen).
import { defineAdapterKind } from '../adapter.js';
import { extractRecord } from '../fieldMap.js';
import { featuresOf } from './featureCollection.js';
import { buildGetFeatureBody } from './getFeatureRequest.js';
import { textAtPath } from './xmlTree.js';
import { localNameOf, wfsOptionsSchema } from './wfsOptions.js';

export const wfsGmlKind = defineAdapterKind('wfs-gml', wfsOptionsSchema, (source, deps) => {
  const { options, fields } = source;
  const typeName = localNameOf(options.featureType);
  return Promise.resolve({
    recordsAt: (point) =>
      deps.upstream.request(
        {
          url: options.url,
          method: 'POST',
          headers: { 'Content-Type': 'application/xml; charset=utf-8', Accept: 'application/xml' },
          body: buildGetFeatureBody(options, point),
        },
        ({ text }) =>
          featuresOf(text, typeName).map((feature) =>
            extractRecord(fields, (path) => textAtPath(feature, path)),
          ),
      ),
  });
});
