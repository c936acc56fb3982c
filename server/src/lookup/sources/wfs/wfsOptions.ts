// Options of the `wfs-gml` kind: an OGC WFS 2.0 answering GetFeature POST
// requests with GML (AdV BRM schema in NI, HB, HE; own schemas in HH, MV, TH).
import { z } from 'zod';
import { axisOrderFits, axisOrderSchema, crsSchema } from '../../geo/crs.js';
import { yearsBackSchema } from '../years/yearEndpoint.js';

const qualifiedName = z.string().regex(/^[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*$/, 'prefix:name');

export const wfsOptionsSchema = z
  .object({
    /** May hold "{year}" for services with one address per data year (HE). */
    url: z.url(),
    yearsBack: yearsBackSchema,
    /** e.g. boris:BR_BodenrichtwertZonal; a list is asked in one request (MV: one type per use). */
    featureType: z.union([qualifiedName, z.array(qualifiedName).min(1)]),
    /** e.g. adv:position */
    geometryProperty: qualifiedName,
    /** Prefix → namespace URI for every prefix used above; servers check them. */
    namespaces: z.record(z.string().regex(/^[A-Za-z_][\w.-]*$/), z.url()),
    /** The srsName written on the query point, e.g. urn:ogc:def:crs:EPSG::4326. */
    srsName: z.string().min(1),
    crs: crsSchema,
    axisOrder: axisOrderSchema,
    /** deegree (Hamburg) finds nothing for a point: ask a square of this side instead. */
    querySquareMeters: z.number().positive().max(100).optional(),
  })
  .strict()
  .refine((o) => axisOrderFits(o.crs, o.axisOrder), {
    message:
      'axisOrder does not fit crs (lat-lon/lon-lat for EPSG:4326, east-north/north-east else)',
  })
  .refine(
    (o) => [...featureTypesOf(o), o.geometryProperty].every((q) => prefixOf(q) in o.namespaces),
    {
      message: 'namespaces must declare the prefixes of featureType and geometryProperty',
    },
  );

export type WfsOptions = z.infer<typeof wfsOptionsSchema>;

export function featureTypesOf(options: { featureType: string | readonly string[] }): string[] {
  return typeof options.featureType === 'string' ? [options.featureType] : [...options.featureType];
}

export function prefixOf(qualified: string): string {
  return qualified.slice(0, qualified.indexOf(':'));
}

export function localNameOf(qualified: string): string {
  return qualified.slice(qualified.indexOf(':') + 1);
}
