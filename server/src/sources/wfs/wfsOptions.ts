// Options of the `wfs-gml` kind: an OGC WFS 2.0 answering GetFeature POST
// requests with GML (AdV BRM schema in NI, HB, HE; own schemas in HH, MV, TH).
import { z } from 'zod';
import { axisOrderFits, axisOrderSchema, crsSchema } from '../../geo/crs.js';
import { fieldSourceSchema, isRegex } from '../fieldMap.js';
import { SOURCE_FIELDS } from '../sourceRecord.js';
import { yearsBackSchema } from '../years/yearEndpoint.js';

export const qualifiedName = z.string().regex(/^[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*$/, 'prefix:name');

/** The geometry property is read from the service's DescribeFeatureType answer. */
export const FROM_SCHEMA = 'from-schema';

/**
 * The areas of urban-development procedures (BB, HE: BR_Verfahren), asked at
 * the point together with the zones; every zone there carries the area's
 * Verfahrensgrund (and Zusatz) unless it publishes its own. The element names
 * are candidates (no public answer shows a filled BR_Verfahren feature).
 */
export const procedureAreasSchema = z
  .object({
    featureType: qualifiedName,
    /** "from-schema": read from DescribeFeatureType (not shown by any reference). */
    geometryProperty: z.union([qualifiedName, z.literal(FROM_SCHEMA)]),
    verfahrensgrund: fieldSourceSchema,
    verfahrensgrund_zusatz: fieldSourceSchema.optional(),
  })
  .strict();

export type ProcedureAreasOptions = z.infer<typeof procedureAreasSchema>;

export const wfsOptionsSchema = z
  .object({
    /** May hold "{year}" for services with one address per data year (HE). */
    url: z.url(),
    yearsBack: yearsBackSchema,
    /** e.g. boris:BR_BodenrichtwertZonal; a list is asked in one request. */
    featureType: z.union([qualifiedName, z.array(qualifiedName).min(1)]).optional(),
    /**
     * Instead of featureType: a regular expression over the type names of the
     * capabilities; every matching type whose schema holds the `brw` field is
     * asked (MV: one type per land use, their full list is not published).
     */
    featureTypePattern: z.string().min(1).optional(),
    /**
     * Facts a feature type states by being that type (MV: every zone of
     * boris:sanierungsgebiet lies in a redevelopment area): published text each
     * record of the type carries unless it publishes the field itself.
     */
    typeFacts: z
      .record(qualifiedName, z.partialRecord(z.enum(SOURCE_FIELDS), z.string().min(1)))
      .optional(),
    procedureAreas: procedureAreasSchema.optional(),
    /** e.g. adv:position, or "from-schema" (MapServer names it msGeometry unless configured). */
    geometryProperty: z.union([qualifiedName, z.literal(FROM_SCHEMA)]),
    /** Prefix → namespace URI for every prefix used above; servers check them. */
    namespaces: z.record(z.string().regex(/^[A-Za-z_][\w.-]*$/), z.url()),
    /** The srsName written on the query point, e.g. urn:ogc:def:crs:EPSG::4326. */
    srsName: z.string().min(1),
    crs: crsSchema,
    axisOrder: axisOrderSchema,
    /** deegree (Hamburg) finds nothing for a point: ask a square of this side instead. */
    querySquareMeters: z.number().positive().max(100).optional(),
    /**
     * Services that keep every data year in one type (Hamburg's jahrgang): ask
     * only records whose `property` is one of the clock's `years` newest years.
     */
    yearFilter: z
      .object({ property: qualifiedName, years: z.number().int().min(1).max(5) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((o) => axisOrderFits(o.crs, o.axisOrder), {
    message:
      'axisOrder does not fit crs (lat-lon/lon-lat for EPSG:4326, east-north/north-east else)',
  })
  .refine((o) => (o.featureType === undefined) !== (o.featureTypePattern === undefined), {
    message: 'give either featureType or featureTypePattern',
  })
  .refine((o) => o.featureTypePattern === undefined || isRegex(o.featureTypePattern), {
    message: 'featureTypePattern is not a valid regular expression',
  })
  .refine(
    (o) =>
      [
        ...featureTypesOf(o),
        ...Object.keys(o.typeFacts ?? {}),
        o.procedureAreas?.featureType ?? FROM_SCHEMA,
        o.procedureAreas?.geometryProperty ?? FROM_SCHEMA,
        o.geometryProperty,
        o.yearFilter?.property ?? FROM_SCHEMA,
      ]
        .filter((q) => q !== FROM_SCHEMA)
        .every((q) => prefixOf(q) in o.namespaces),
    {
      message:
        'namespaces must declare the prefixes of featureType, typeFacts, procedureAreas, geometryProperty and yearFilter',
    },
  );

export type WfsOptions = z.infer<typeof wfsOptionsSchema>;

/** The configured type names; none when they are found by featureTypePattern. */
export function featureTypesOf(options: {
  featureType?: string | readonly string[] | undefined;
}): string[] {
  const { featureType } = options;
  if (featureType === undefined) return [];
  return typeof featureType === 'string' ? [featureType] : [...featureType];
}

export function prefixOf(qualified: string): string {
  return qualified.slice(0, qualified.indexOf(':'));
}

export function localNameOf(qualified: string): string {
  return qualified.slice(qualified.indexOf(':') + 1);
}
