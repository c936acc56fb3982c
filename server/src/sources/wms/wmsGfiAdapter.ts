// The `wms-gfi` kind: WMS GetFeatureInfo at the address (NRW: GeoJSON in the
// service's native UTM; RLP: WMS 1.1.1 with an HTML table; GML where a service
// offers it). The layers are named in the registry, or found in the
// capabilities by their title (NRW numbers its layers and may add uses).
// For HTML, a page without a land-value table is no zone unless it reads as
// an error or maintenance page (htmlAnswerKind).
import { z } from 'zod';
import { defineAdapterKind } from '../adapter.js';
import { extractRecord, type FieldMap } from '../fieldMap.js';
import type { LatLon } from '../../geo/latLon.js';
import { createYearEndpoint, withDataYear, yearsBackSchema } from '../years/yearEndpoint.js';
import { gfiAnswerSchema, readGfiAnswer } from './gfiAnswers.js';
import { gfiUrl, wmsCrsSchema, wmsVersionSchema } from './gfiRequest.js';
import { htmlWithoutValues } from './htmlAnswerKind.js';
import { createLayerChoice } from './layerChoice.js';
import { holdsValueOn } from '../history/datedLookup.js';

const optionsSchema = z
  .object({
    /** May hold "{year}" (RLP: RLP_VBORISFREE{year}.fcgi). */
    url: z.url(),
    yearsBack: yearsBackSchema,
    version: wmsVersionSchema,
    crs: wmsCrsSchema,
    layers: z.array(z.string().min(1)).min(1).optional(),
    /** A regular expression matched against the titles of the queryable layers. */
    layerTitlePattern: z.string().min(1).optional(),
    infoFormat: z.string().min(1),
    answer: gfiAnswerSchema,
    /** Overlapping zones (several uses at one point) must all come back. */
    featureCount: z.number().int().min(1).max(100).default(20),
    querySquareMeters: z.number().positive().max(200).default(10),
    pixels: z
      .number()
      .int()
      .min(1)
      .max(1001)
      .refine((n) => n % 2 === 1, 'pixels must be odd')
      .default(101),
  })
  .strict()
  .refine((o) => o.version === '1.3.0' || o.crs !== 'CRS:84', {
    message: 'CRS:84 needs WMS 1.3.0',
  })
  .refine((o) => (o.layers === undefined) !== (o.layerTitlePattern === undefined), {
    message: 'give either layers or layerTitlePattern',
  });

export const wmsGfiKind = defineAdapterKind('wms-gfi', optionsSchema, (source, deps) => {
  const { options, history } = source;
  const endpoint = createYearEndpoint(options.url, options.yearsBack, deps.clock, history?.since);
  const layerChoice = createLayerChoice(options, deps);

  /** One GetFeatureInfo at `url`; `time` and `fields` for the time-enabled service. */
  const recordsFrom =
    (point: LatLon, fields: FieldMap, time?: string) =>
    async (url: string, year: number | undefined) => {
      const layers = await layerChoice.layersAt(url);
      return deps.upstream.request(
        {
          url: gfiUrl(url, { ...options, layers, time }, point),
          htmlIsData: options.answer === 'html',
        },
        ({ text }) => {
          const answer = readGfiAnswer(options.answer, text);
          const records = answer.features.map((valueAt) =>
            extractRecord(fields, withDataYear(valueAt, year)),
          );
          if (answer.visibleText && !records.some((r) => r.brw !== undefined)) {
            return htmlWithoutValues(answer.visibleText, source.state, deps.logger);
          }
          return records;
        },
      );
    };

  return Promise.resolve({
    numberFormat: options.answer === 'html' ? 'de' : 'xml',
    recordsAt: (point, at) => {
      if (at === undefined) return endpoint.run(recordsFrom(point, source.fields));
      if (history?.kind === 'time-parameter' && history.url !== undefined) {
        // NRW publishes a stichtag on 1 January of every year.
        const year = Number(at.slice(0, 4));
        const time = `${year}-01-01`;
        return recordsFrom(point, history.fields ?? source.fields, time)(history.url, year);
      }
      return endpoint.runAt(recordsFrom(point, source.fields), at, [], holdsValueOn(at));
    },
  });
});
