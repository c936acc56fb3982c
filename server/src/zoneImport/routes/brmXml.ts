// `brm-xml`: a state's zones as one BRM XML file per stichtag (Hessen's
// "Bestandsdatenausgabe Bodenrichtwerte (xml)": BRM 2.0.1 for 2020 and 2022,
// 2.1.0 for 2024), streamed: a file of hundreds of megabytes is never parsed
// whole. The features are found by their type's local name wherever they sit;
// values and geometry are read as from the state's WFS (same BRM elements).
import { z } from 'zod';
import { axisOrderSchema, crsSchema } from '../../geo/crs.js';
import { localNameOf, qualifiedName } from '../../sources/wfs/wfsOptions.js';
import { attributeOf } from '../../sources/xmlTree.js';
import { brmFileFeatures } from '../brmFile/brmXmlFile.js';
import { gmlZone } from '../servicePages/gmlZones.js';
import { metricCrsSchema } from '../servicePages/pageOptions.js';
import { inYear, yearFilterSchema } from '../servicePages/yearFilter.js';
import { ZoneImportError } from '../zoneImportError.js';
import type { ZoneRouteKind } from '../zoneRoute.js';

const optionsSchema = z
  .object({
    /** Where the files are offered (Hessen's Downloadcenter paths are dated: no fixed address). */
    downloadPage: z.url().optional(),
    featureTypes: z.array(qualifiedName).min(1),
    crs: metricCrsSchema,
    /** The system of a geometry that names none. */
    nativeCrs: crsSchema,
    nativeAxisOrder: axisOrderSchema,
    geometryProperty: qualifiedName.optional(),
    /** A file of several stichtage: the year's zones chosen by this field. */
    yearFilter: yearFilterSchema.optional(),
  })
  .strict();

type Options = z.infer<typeof optionsSchema>;

export const brmXmlRoute: ZoneRouteKind<Options> = {
  kind: 'brm-xml',
  optionsSchema,
  async *read(options, year, input) {
    if (!('file' in input)) {
      throw new ZoneImportError(
        'not_the_set',
        `${input.url}: die Route brm-xml liest eine heruntergeladene Datei, keinen Dienst`,
      );
    }
    const types = new Set(options.featureTypes.map(localNameOf));
    const reading = {
      geometryProperty:
        options.geometryProperty === undefined ? undefined : localNameOf(options.geometryProperty),
      fallback: { crs: options.nativeCrs, axisOrder: options.nativeAxisOrder },
      target: options.crs,
    };
    for await (const { where, feature } of brmFileFeatures(input.file, types)) {
      const id = attributeOf(feature, 'id');
      const zone = gmlZone(feature, id ? `${where} (${id})` : where, reading);
      if (inYear(zone, options.yearFilter, year)) yield zone;
    }
  },
};
