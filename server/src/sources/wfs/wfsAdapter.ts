// The `wfs-gml` kind: WFS 2.0 GetFeature POST with a point Intersects filter,
// answered in GML (AdV BRM: Niedersachsen, Bremen, Hessen; own schemas:
// Hamburg, Mecklenburg-Vorpommern, Thüringen). Each record carries the zone
// outline read from the feature's GML geometry. For the parcel view the
// zones meeting a parcel's box are asked the same way, with their polygons
// in full precision (zonesIn, paged).
import { systemClock } from '../../time/clock.js';
import { defineAdapterKind } from '../adapter.js';
import type { LatLon } from '../../geo/latLon.js';
import { extractRecord } from '../fieldMap.js';
import { createYearEndpoint } from '../years/yearEndpoint.js';
import { typedFeaturesOf } from './featureCollection.js';
import { outlineOf } from './gmlOutline.js';
import { createProcedureAreas, withProcedureAreas } from './procedureAreas.js';
import { buildTypeQueriesBody, equalsOneOf } from './getFeatureRequest.js';
import { boxGeometryXml, queryGeometryXml } from './queryGeometry.js';
import { readGmlSurface } from './gmlSurface.js';
import type { MetricBox } from '../../geo/metricBox.js';
import { zonePages } from './zonePages.js';
import { createTypePlan } from './typePlan.js';
import { textAtPath } from '../xmlTree.js';
import { localNameOf, wfsOptionsSchema } from './wfsOptions.js';
import { holdsValueOn } from '../history/datedLookup.js';

export const wfsGmlKind = defineAdapterKind('wfs-gml', wfsOptionsSchema, (source, deps) => {
  const { options, fields } = source;
  const clock = deps.clock ?? systemClock;
  const endpoint = createYearEndpoint(options.url, options.yearsBack, clock);
  // Dated lookups: NI and HB keep their past years at other addresses.
  const history = source.history;
  const datedEndpoint = createYearEndpoint(
    history?.url ?? options.url,
    options.yearsBack,
    clock,
    history?.since,
  );
  const plan = createTypePlan(options, fields.brw, { upstream: deps.upstream, clock });
  const areas =
    options.procedureAreas &&
    createProcedureAreas(options.procedureAreas, options.namespaces, {
      upstream: deps.upstream,
      clock,
    });
  const factsOfType = new Map(
    Object.entries(options.typeFacts ?? {}).map(([type, facts]) => [localNameOf(type), facts]),
  );
  /** Hamburg: only the newest Jahrgänge, counted back from the clock's year or the date's. */
  const yearCondition = (at: string | undefined) => {
    if (!options.yearFilter) return undefined;
    const newest = at === undefined ? clock().getUTCFullYear() : Number(at.slice(0, 4));
    const years = Array.from({ length: options.yearFilter.years }, (_, i) => String(newest - i));
    return equalsOneOf(options.yearFilter.property, years);
  };
  const post = (url: string, body: string) => ({
    url,
    method: 'POST' as const,
    headers: { 'Content-Type': 'application/xml; charset=utf-8', Accept: 'application/xml' },
    body,
  });
  const recordsFrom = (point: LatLon, at: string | undefined) => async (url: string) => {
    const zoneQueries = await plan.queries(url);
    const typeNames = zoneQueries.map((q) => localNameOf(q.typeName));
    const geometry = queryGeometryXml(options, point);
    return withProcedureAreas(
      areas,
      url,
      (areaQueries) =>
        deps.upstream.request(
          post(
            url,
            buildTypeQueriesBody(
              options,
              [...zoneQueries, ...areaQueries],
              geometry,
              yearCondition(at),
            ),
          ),
          ({ text }) =>
            typedFeaturesOf(text, [
              ...typeNames,
              ...(areaQueries.length > 0 && areas ? [areas.typeName] : []),
            ]),
        ),
      (features) =>
        Promise.resolve(
          features
            .filter(({ type }) => type !== areas?.typeName)
            .map(({ type, feature }) => ({
              ...factsOfType.get(type),
              ...extractRecord(fields, (path) => textAtPath(feature, path)),
              ...outlineOf(feature, options),
            })),
        ),
    );
  };
  const zonesFrom = (box: MetricBox, at: string | undefined) => async (url: string) => {
    const queries = await plan.queries(url);
    const typeNames = queries.map((q) => localNameOf(q.typeName));
    return zonePages(deps.upstream, {
      request: (page) =>
        post(
          url,
          buildTypeQueriesBody(
            options,
            queries,
            boxGeometryXml(options, box),
            yearCondition(at),
            page,
          ),
        ),
      features: (text) => typedFeaturesOf(text, typeNames),
      zoneOf: ({ type, feature }) => ({
        record: {
          ...factsOfType.get(type),
          ...extractRecord(fields, (path) => textAtPath(feature, path)),
        },
        polygon: readGmlSurface(feature, options, box.crs),
      }),
    });
  };
  return Promise.resolve({
    recordsAt: (point, at) =>
      at === undefined
        ? endpoint.run(recordsFrom(point, at))
        : datedEndpoint.runAt(recordsFrom(point, at), at, [], holdsValueOn(at)),
    zonesIn: (box, at) =>
      at === undefined
        ? endpoint.run(zonesFrom(box, at))
        : datedEndpoint.runAt(zonesFrom(box, at), at, [], (zones) =>
            holdsValueOn(at)(zones.map(({ record }) => record)),
          ),
  });
});
