// The answer of GET /api/flurstueck (issue 34) as the API documents it; the
// wire types are shared/src/parcelTypes.ts (test/shared/schemas/answerTypes
// keeps both the same). Optional fields are absent when not applicable.
import { z } from 'zod';
import { LAND_USE_CODES } from '../landUse.js';
import { bodenrichtwertEntrySchema, bodenrichtwertResponseSchema } from './lookupAnswer.js';

const text = (description: string) => z.string().meta({ description });
const number = (description: string) => z.number().meta({ description });
const position = z.tuple([z.number(), z.number()]);

const lookupShape = bodenrichtwertResponseSchema.shape;

export const geoJsonMultiPolygonSchema = z
  .object({
    type: z.literal('MultiPolygon'),
    coordinates: z.array(z.array(z.array(position))),
  })
  .meta({
    description:
      'GeoJSON-MultiPolygon (RFC 7946) in WGS84, Positionen [Länge, Breite]. In XML als ' +
      'GeoJSON-Text im Element geometrie.',
  });

export const flurstueckSchema = z.object({
  kennzeichen: text('Flurstückskennzeichen, 20 Zeichen (Berlins 18-stellige Form mit „__“).'),
  land: text('Land, zweistelliges Kürzel (z. B. NW).'),
  gemarkung: z.object({
    nummer: text('Gemarkungsnummer.'),
    name: text('Gemarkungsname, wo veröffentlicht.').optional(),
  }),
  flur: z
    .int()
    .meta({ description: 'Flurnummer; fehlt, wo das Land keine Fluren hat.' })
    .optional(),
  zaehler: z.int().meta({ description: 'Zähler der Flurstücksnummer.' }),
  nenner: z.int().meta({ description: 'Nenner der Flurstücksnummer.' }).optional(),
  amtliche_flaeche_m2: number(
    'Amtliche Fläche in m², wie im Liegenschaftskataster geführt (nicht die des Polygons).',
  ),
  nutzung: text('Tatsächliche Nutzung laut Kataster, wo veröffentlicht.').optional(),
  lage: text('Lagebezeichnung laut Kataster, wo veröffentlicht.').optional(),
  geometrie: geoJsonMultiPolygonSchema,
  datensatz: z
    .object({
      name: text('Datensatz des Liegenschaftskatasters.'),
      text: text('Quellenvermerk, wie die Lizenz ihn verlangt.'),
      license_url: z.url(),
      source_url: z.url(),
    })
    .meta({ description: 'Der Katasterdatensatz mit Lizenz und Quellenvermerk.' }),
});

export const flurstueckZoneSchema = bodenrichtwertEntrySchema.extend({
  anteil_flaeche_m2: number(
    'Anteil der Zone an der amtlichen Fläche in m² (Polygonanteil auf die amtliche Fläche ' +
      'skaliert). flaeche_m2 bleibt die Fläche des Richtwertgrundstücks.',
  ),
  anteil: z.number().min(0).max(1).meta({ description: 'Anteil der Zone am Flurstück, 0–1.' }),
});

const gfzConversion = z.xor([
  z.object({
    gfz_referenz: number('Wertrelevante GFZ der Zone.'),
    faktor: number('Umrechnungsfaktor K(GFZ tatsächlich) / K(GFZ Referenz).'),
    bodenrichtwert_tatsaechlich_euro_pro_m2: number('Umgerechneter Bodenrichtwert in €/m².'),
    bodenwert_euro: number('Umgerechneter Bodenwert des Zonenanteils in Euro.'),
  }),
  z.object({ hinweis: text('Warum diese Zone nicht umgerechnet wird.') }),
]);

export const zoneValueSchema = z.object({
  bodenrichtwertnummer: text('Nummer der Zone.').optional(),
  anteil_flaeche_m2: number('Anteil der Zone an der amtlichen Fläche in m².'),
  brw_euro_pro_m2: number('Bodenrichtwert der Zone in €/m².'),
  bodenwert_euro: number('anteil_flaeche_m2 × brw_euro_pro_m2 in Euro.'),
  gfz_umrechnung: gfzConversion
    .meta({ description: 'Nur mit gfz=: die Umrechnung der Zone oder warum es keine gibt.' })
    .optional(),
});

export const flurstueckBodenwertSchema = z.object({
  nutzungsart: text('Nutzungsart, wie veröffentlicht.'),
  code: z.enum(LAND_USE_CODES),
  flaeche_m2: number('Summe der Zonenanteile dieser Nutzungsart in m².'),
  bodenwert_euro: number('Σ anteil_flaeche_m2 × brw_euro_pro_m2 über die Zonen in Euro.'),
  bodenwert_gfz_euro: number(
    'Nur mit gfz=, wenn jede Zone eine wertrelevante GFZ hat: Summe der umgerechneten Werte.',
  ).optional(),
  zonen: z.array(zoneValueSchema),
});

export const shareMethodSchema = z.object({
  verfahren: z.enum(['zonenpolygone', 'rasterstichprobe']).meta({
    description:
      'zonenpolygone: Zonenpolygone mit dem Flurstück verschnitten; rasterstichprobe: das ' +
      'Flurstück auf einem Raster abgefragt (Länder ohne Zonenpolygone).',
  }),
  raster_m: number('Nur Rasterstichprobe: Rasterweite in m.').optional(),
  stichproben: z.int().meta({ description: 'Nur Rasterstichprobe: Zahl der Punkte.' }).optional(),
  text: text('Das Verfahren und seine Genauigkeit.'),
});

export const flurstueckResponseSchema = z.object({
  address_input: text('Die Adresse, wie gesendet (Abfrage nach Adresse).').optional(),
  kennzeichen_input: text('Das Kennzeichen, wie gesendet (Abfrage nach Kennzeichen).').optional(),
  coordinates: lookupShape.coordinates
    .meta({ description: 'Nur Abfrage nach Adresse: der Punkt der Adresse.' })
    .optional(),
  geocoding: lookupShape.geocoding.optional(),
  flurstueck: flurstueckSchema,
  zonen: z.array(flurstueckZoneSchema).meta({
    description: 'Jede Bodenrichtwertzone, die einen Teil des Flurstücks deckt, mit ihrem Anteil.',
  }),
  anteile: shareMethodSchema,
  bodenwert: z.array(flurstueckBodenwertSchema).meta({
    description:
      'Je Nutzungsart der Bodenwert über ihre Zonen; Zonen verschiedener Nutzungsarten ' +
      'über demselben Boden werden nie addiert.',
  }),
  hinweis: text(
    'Nur vorhanden, wenn das Flurstück nicht bewertet wird (z. B. Straßen- oder ' +
      'Wasserflurstück); sichtbar anzeigen.',
  ).optional(),
  cache_hit: z.boolean(),
  cache_stale: lookupShape.cache_stale,
  abgerufen_am: lookupShape.abgerufen_am,
  attribution: lookupShape.attribution,
  disclaimer: lookupShape.disclaimer,
});
