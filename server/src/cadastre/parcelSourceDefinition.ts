// One record of the parcel source registry (server/sources/parcel-sources.yaml):
// a state's cadastral service, how to ask it for a parcel by point and by
// Kennzeichen, its schema family, licence and credit, and the evidence of each
// fact (the evidence vocabulary of the land-value registry).
import { z } from 'zod';
import { LICENSES, type LicenseId } from '#shared/texts.js';
import { axisOrderSchema } from '../geo/crs.js';
import { evidenceSchema } from '../sources/sourceDefinition.js';

const LICENSE_IDS = Object.keys(LICENSES) as [LicenseId, ...LicenseId[]];

/**
 * The schema families whose answers a reader understands: AdV "ALKIS
 * vereinfacht" 2.0 and 1.0, INSPIRE cp:CadastralParcel, Berlin's
 * alkis_flurstuecke (GeoJSON), Baden-Württemberg's nora (GeoJSON), NAS
 * adv:AX_Flurstueck.
 */
export const PARCEL_FAMILIES = ['ave2', 'ave1', 'inspire-cp', 'berlin', 'bw-nora', 'nas'] as const;
export type ParcelFamily = (typeof PARCEL_FAMILIES)[number];

/** Facts every open record must give evidence for. */
export const OPEN_FACTS = [
  'endpoint',
  'featureType',
  'family',
  'license',
  'credit',
  'crs',
  'point',
  'kennzeichen',
] as const;

const metricCrsSchema = z.enum(['EPSG:25832', 'EPSG:25833']);

const alternativeSchema = z
  .object({
    endpoint: z.url(),
    family: z.enum(PARCEL_FAMILIES).optional(),
    note: z.string().min(1),
  })
  .strict();

/** How the service writes a Kennzeichen: its padding of absent parts and its length. */
const spellingFields = {
  /** How the service fills absent Flur, Nenner and Folge. */
  padding: z.enum(['_', '0']),
  /** 18: Berlin's form without the Folge. */
  length: z.union([z.literal(20), z.literal(18)]),
};

const kennzeichenFilterSchema = z.discriminatedUnion('kind', [
  z
    .object({
      /** fes:PropertyIsEqualTo in a GET FILTER parameter or a POST body. */
      kind: z.enum(['fes-get', 'fes-post']),
      /** The answer's property holding the Kennzeichen. */
      property: z.string().min(1),
      ...spellingFields,
    })
    .strict(),
  z
    .object({
      /** An OGC API Features item whose id is the Kennzeichen (NRW); answered as GeoJSON. */
      kind: z.literal('ogc-api-item'),
      url: z.url().refine((url) => url.includes('{kennzeichen}'), {
        message: 'an ogc-api-item url holds {kennzeichen}',
      }),
      ...spellingFields,
    })
    .strict(),
]);
export type KennzeichenFilter = z.infer<typeof kennzeichenFilterSchema>;

/** The URN spelling of a metric system, as the BBOX and SRSNAME of a request write it. */
export const urnOf = (crs: string) => `urn:ogc:def:crs:EPSG::${crs.slice('EPSG:'.length)}`;

const openSchema = z
  .object({
    state: z.string().regex(/^[A-Z]{2}$/, 'state must be a two-letter code like NW'),
    status: z.literal('open'),
    /** English, for operators: why the source is not to be relied on. */
    doubtful: z.string().min(1).optional(),
    /** The dataset as the answer names it. */
    name: z.string().min(1),
    endpoint: z.url(),
    alternatives: z.array(alternativeSchema).default([]),
    featureType: z.string().min(1),
    namespaces: z.record(z.string(), z.url()).default({}),
    family: z.enum(PARCEL_FAMILIES),
    /** Asked as OUTPUTFORMAT (GeoJSON families); absent: the service's GML default. */
    outputFormat: z.string().min(1).optional(),
    license: z.enum(LICENSE_IDS),
    /** As the licence wants it shown; "{year}" is filled with the year of the answer. */
    credit: z.string().min(1),
    sourceUrl: z.url(),
    crs: z
      .object({
        native: metricCrsSchema,
        /** Each CRS spelling the service is known to take, with the axis order it means there. */
        spellings: z.record(z.string().min(1), axisOrderSchema),
      })
      .strict()
      .refine((crs) => crs.spellings[urnOf(crs.native)] === 'east-north', {
        message: 'spellings must give the URN of the native system as east-north',
      }),
    /** A small BBOX in the native system, then the point in the polygon on our side. */
    point: z.literal('bbox'),
    kennzeichen: kennzeichenFilterSchema,
    evidence: evidenceSchema,
  })
  .strict();

const noneSchema = z
  .object({
    state: z.string().regex(/^[A-Z]{2}$/, 'state must be a two-letter code like NW'),
    status: z.literal('none'),
    name: z.string().min(1),
    /** German, shown to users. */
    reason: z.string().min(1),
    evidence: evidenceSchema,
  })
  .strict();

export const parcelSourceSchema = z.discriminatedUnion('status', [openSchema, noneSchema]);
export type ParcelSourceRecord = z.infer<typeof parcelSourceSchema>;
export type OpenParcelSource = z.infer<typeof openSchema>;

export const parcelRegistryFileSchema = z
  .object({
    references: z.record(z.string().min(1), z.string().min(1)),
    sources: z.array(parcelSourceSchema),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.sources.forEach((source, index) => {
      if (seen.has(source.state)) {
        ctx.addIssue({
          code: 'custom',
          message: `${source.state} is listed twice`,
          path: ['sources', index],
        });
      }
      seen.add(source.state);
      const facts = source.status === 'open' ? OPEN_FACTS : (['reason'] as const);
      for (const fact of facts) {
        if (!(fact in source.evidence)) {
          ctx.addIssue({
            code: 'custom',
            message: `no evidence for ${fact}`,
            path: ['sources', index, 'evidence'],
          });
        }
      }
      for (const [fact, { by }] of Object.entries(source.evidence)) {
        for (const key of by.filter((k) => !(k in file.references))) {
          ctx.addIssue({
            code: 'custom',
            message: `evidence of ${fact} cites unknown reference ${key}`,
            path: ['sources', index, 'evidence', fact],
          });
        }
      }
    });
  });
export type ParcelRegistryFile = z.infer<typeof parcelRegistryFileSchema>;
