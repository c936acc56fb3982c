// The `wfs-gml` kind: WFS 2.0 GetFeature POST with a point Intersects filter,
// answered in GML (AdV BRM: Niedersachsen, Bremen, Hessen; own schemas:
// Hamburg, Mecklenburg-Vorpommern, Thüringen).
import { systemClock } from '../../../time/clock.js';
import { defineAdapterKind } from '../adapter.js';
import { extractRecord } from '../fieldMap.js';
import { createYearEndpoint } from '../years/yearEndpoint.js';
import { featuresOf } from './featureCollection.js';
import { buildTypeQueriesBody, equalsOneOf } from './getFeatureRequest.js';
import { createTypePlan } from './typePlan.js';
import { textAtPath } from './xmlTree.js';
import { localNameOf, wfsOptionsSchema } from './wfsOptions.js';

export const wfsGmlKind = defineAdapterKind('wfs-gml', wfsOptionsSchema, (source, deps) => {
  const { options, fields } = source;
  const clock = deps.clock ?? systemClock;
  const endpoint = createYearEndpoint(options.url, options.yearsBack, clock);
  const plan = createTypePlan(options, fields.brw, { upstream: deps.upstream, clock });
  /** Hamburg: only the newest Jahrgänge, counted back from the clock's year. */
  const yearCondition = () => {
    if (!options.yearFilter) return undefined;
    const newest = clock().getUTCFullYear();
    const years = Array.from({ length: options.yearFilter.years }, (_, i) => String(newest - i));
    return equalsOneOf(options.yearFilter.property, years);
  };
  return Promise.resolve({
    recordsAt: (point) =>
      endpoint.run(async (url) => {
        const queries = await plan.queries(url);
        const typeNames = queries.map((q) => localNameOf(q.typeName));
        return deps.upstream.request(
          {
            url,
            method: 'POST',
            headers: {
              'Content-Type': 'application/xml; charset=utf-8',
              Accept: 'application/xml',
            },
            body: buildTypeQueriesBody(options, queries, point, yearCondition()),
          },
          ({ text }) =>
            featuresOf(text, typeNames).map((feature) =>
              extractRecord(fields, (path) => textAtPath(feature, path)),
            ),
        );
      }),
  });
});
