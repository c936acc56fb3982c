// The `wfs-gml-two-step` kind (Brandenburg, AdV BRM 3): zone geometries and
// land values are separate feature types. Step 1 finds the zones at the point
// (br:BR_BodenrichtwertFlaeche by Intersects); step 2 fetches the values that
// refer to them (br:BR_Bodenrichtwert whose gehoertZu xlink:href is
// "urn:adv:oid:" + the zone's gml:id). All stichtage come back; the pipeline
// keeps the newest per zone. The procedure areas (br:BR_Verfahren, where the
// registry names them) are asked in step 1, beside the zones; refused, step 1
// is asked again without them and the answer says so (procedureAreas.ts).
// For the parcel view (zonesIn) step 1 asks the zones meeting the parcel's box,
// paged, each with its polygon in full precision; step 2 is the same, and each
// value takes the polygon of the zone it refers to. The procedure areas are
// not asked there, as for the one-step kind (wfsAdapter.ts). The layer holds
// every stichtag, so a dated lookup (`at`) asks the same as an undated one.
import { z } from 'zod';
import { axisOrderFits, axisOrderSchema, crsSchema } from '../../geo/crs.js';
import { defineAdapterKind } from '../adapter.js';
import { extractRecord } from '../fieldMap.js';
import { featuresOf, typedFeaturesOf } from './featureCollection.js';
import { buildTypeQueriesBody, escapeXml, getFeatureXml } from './getFeatureRequest.js';
import { readGmlSurface } from './gmlSurface.js';
import { createProcedureAreas, withProcedureAreas } from './procedureAreas.js';
import { boxGeometryXml, queryGeometryXml } from './queryGeometry.js';
import { zonePages } from './zonePages.js';
import { attributeOf, textAtPath } from '../xmlTree.js';
import { systemClock } from '../../time/clock.js';
import { localNameOf, procedureAreasSchema, prefixOf, qualifiedName } from './wfsOptions.js';

const optionsSchema = z
  .object({
    url: z.url(),
    /** Step 1: the zone geometries, e.g. br:BR_BodenrichtwertFlaeche. */
    zoneType: qualifiedName,
    geometryProperty: qualifiedName,
    /** Step 2: the values, e.g. br:BR_Bodenrichtwert. */
    valueType: qualifiedName,
    /** Where a value names its zone, e.g. br:gehoertZu/@xlink:href. */
    referenceProperty: z.string().min(1),
    referencePrefix: z.string().default('urn:adv:oid:'),
    namespaces: z.record(z.string().regex(/^[A-Za-z_][\w.-]*$/), z.url()),
    srsName: z.string().min(1),
    crs: crsSchema,
    axisOrder: axisOrderSchema,
    /** Step 1 also: the procedure areas at the point (br:BR_Verfahren). */
    procedureAreas: procedureAreasSchema.optional(),
  })
  .strict()
  .refine((o) => axisOrderFits(o.crs, o.axisOrder), { message: 'axisOrder does not fit crs' })
  .refine((o) => !o.procedureAreas || prefixOf(o.procedureAreas.featureType) in o.namespaces, {
    message: 'namespaces must declare the prefix of procedureAreas',
  });

type TwoStepOptions = z.infer<typeof optionsSchema>;

const POST_XML = {
  method: 'POST',
  headers: { 'Content-Type': 'application/xml; charset=utf-8', Accept: 'application/xml' },
} as const;

export const wfsTwoStepKind = defineAdapterKind(
  'wfs-gml-two-step',
  optionsSchema,
  (source, deps) => {
    const { options, fields } = source;
    const zoneType = localNameOf(options.zoneType);
    const areas =
      options.procedureAreas &&
      createProcedureAreas(options.procedureAreas, options.namespaces, {
        upstream: deps.upstream,
        clock: deps.clock ?? systemClock,
      });
    const zoneQuery = { typeName: options.zoneType, geometryProperty: options.geometryProperty };
    const post = (body: string) => ({ ...POST_XML, url: options.url, body });
    /** Step 2: the values of the zones, each with the id of the zone it refers to. */
    const valuesOf = (zoneIds: readonly string[]) =>
      deps.upstream.request(post(valuesRequest(options, zoneIds)), ({ text }) =>
        featuresOf(text, localNameOf(options.valueType)).map((value) => ({
          zoneId: zoneIdOf(options, textAtPath(value, options.referenceProperty)),
          record: extractRecord(fields, (path) => textAtPath(value, path)),
        })),
      );
    return Promise.resolve({
      recordsAt(point) {
        const geometry = queryGeometryXml(options, point);
        return withProcedureAreas(
          areas,
          options.url,
          (areaQueries) =>
            deps.upstream.request(
              post(buildTypeQueriesBody(options, [zoneQuery, ...areaQueries], geometry)),
              ({ text }) =>
                typedFeaturesOf(text, [
                  zoneType,
                  ...(areaQueries.length > 0 && areas ? [areas.typeName] : []),
                ]),
            ),
          async (found) => {
            const zoneIds = found
              .filter(({ type }) => type === zoneType)
              .map(({ feature }) => attributeOf(feature, 'id'))
              .filter((id): id is string => id !== undefined && id !== '');
            if (zoneIds.length === 0) return [];
            return (await valuesOf(zoneIds)).map(({ record }) => record);
          },
        );
      },
      async zonesIn(box) {
        const zones = await zonePages(deps.upstream, {
          request: (page) =>
            post(
              buildTypeQueriesBody(
                options,
                [zoneQuery],
                boxGeometryXml(options, box),
                undefined,
                page,
              ),
            ),
          features: (text) => featuresOf(text, zoneType),
          zoneOf: (feature) => ({
            id: attributeOf(feature, 'id'),
            polygon: readGmlSurface(feature, options, box.crs),
          }),
        });
        const polygonOf = new Map(zones.flatMap(({ id, polygon }) => (id ? [[id, polygon]] : [])));
        if (polygonOf.size === 0) return [];
        const values = await valuesOf([...polygonOf.keys()]);
        return values.flatMap(({ zoneId, record }) => {
          const polygon = zoneId === undefined ? undefined : polygonOf.get(zoneId);
          return polygon ? [{ record, polygon }] : [];
        });
      },
    });
  },
);

/** The zone id a value's reference names ("urn:adv:oid:" + the zone's gml:id). */
function zoneIdOf(options: TwoStepOptions, reference: string | undefined): string | undefined {
  return reference?.startsWith(options.referencePrefix)
    ? reference.slice(options.referencePrefix.length)
    : undefined;
}

function valuesRequest(options: TwoStepOptions, zoneIds: readonly string[]): string {
  const conditions = zoneIds.map(
    (id) =>
      '<fes:PropertyIsEqualTo>' +
      `<fes:ValueReference>${escapeXml(options.referenceProperty)}</fes:ValueReference>` +
      `<fes:Literal>${escapeXml(options.referencePrefix + id)}</fes:Literal>` +
      '</fes:PropertyIsEqualTo>',
  );
  const condition =
    conditions.length === 1 ? conditions.join('') : `<fes:Or>${conditions.join('')}</fes:Or>`;
  return getFeatureXml(
    { ...options.namespaces, xlink: 'http://www.w3.org/1999/xlink' },
    `<wfs:Query typeNames="${escapeXml(options.valueType)}"><fes:Filter>${condition}</fes:Filter></wfs:Query>`,
  );
}
