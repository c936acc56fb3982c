// The `wfs-gml` kind: WFS 2.0 GetFeature POST with a point Intersects filter,
// answered in GML (AdV BRM: Niedersachsen, Bremen, Hessen; own schemas:
// Hamburg, Mecklenburg-Vorpommern, Thüringen).
import { defineAdapterKind } from '../adapter.js';
import { extractRecord } from '../fieldMap.js';
import { createYearEndpoint } from '../years/yearEndpoint.js';
import { featuresOf } from './featureCollection.js';
import { buildGetFeatureBody } from './getFeatureRequest.js';
import { textAtPath } from './xmlTree.js';
import { featureTypesOf, localNameOf, wfsOptionsSchema } from './wfsOptions.js';

export const wfsGmlKind = defineAdapterKind('wfs-gml', wfsOptionsSchema, (source, deps) => {
  const { options, fields } = source;
  const typeNames = featureTypesOf(options).map(localNameOf);
  const endpoint = createYearEndpoint(options.url, options.yearsBack, deps.clock);
  return Promise.resolve({
    recordsAt: (point) =>
      endpoint.run((url) =>
        deps.upstream.request(
          {
            url,
            method: 'POST',
            headers: {
              'Content-Type': 'application/xml; charset=utf-8',
              Accept: 'application/xml',
            },
            body: buildGetFeatureBody(options, point),
          },
          ({ text }) =>
            featuresOf(text, typeNames).map((feature) =>
              extractRecord(fields, (path) => textAtPath(feature, path)),
            ),
        ),
      ),
  });
});
