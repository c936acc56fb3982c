// The `wms-gfi` kind: WMS GetFeatureInfo at the address (NRW: GeoJSON with
// CRS:84; RLP: WMS 1.1.1 with an HTML table; GML where a service offers it).
// For HTML the maintenance check is the parser's: a page with text but no
// land-value table is an outage, an empty page is no zone.
import { z } from 'zod';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { defineAdapterKind } from '../adapter.js';
import { extractRecord } from '../fieldMap.js';
import { createYearEndpoint, yearsBackSchema } from '../years/yearEndpoint.js';
import { gfiAnswerSchema, readGfiAnswer } from './gfiAnswers.js';
import { gfiUrl, wmsCrsSchema, wmsVersionSchema } from './gfiRequest.js';

const optionsSchema = z
  .object({
    /** May hold "{year}" (RLP: RLP_VBORISFREE{year}.fcgi). */
    url: z.url(),
    yearsBack: yearsBackSchema,
    version: wmsVersionSchema,
    crs: wmsCrsSchema,
    layers: z.array(z.string().min(1)).min(1),
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
  });

export const wmsGfiKind = defineAdapterKind('wms-gfi', optionsSchema, (source, deps) => {
  const { options, fields } = source;
  const endpoint = createYearEndpoint(options.url, options.yearsBack, deps.clock);
  return Promise.resolve({
    numberFormat: options.answer === 'html' ? 'de' : 'xml',
    recordsAt: (point) =>
      endpoint.run((url) =>
        deps.upstream.request(
          { url: gfiUrl(url, options, point), htmlIsData: options.answer === 'html' },
          ({ text }) => {
            const answer = readGfiAnswer(options.answer, text);
            const records = answer.features.map((valueAt) => extractRecord(fields, valueAt));
            if (answer.visibleText && !records.some((r) => r.brw !== undefined)) {
              throw new UpstreamOutage('maintenance_page', 'HTML page without a land-value table');
            }
            return records;
          },
        ),
      ),
  });
});
