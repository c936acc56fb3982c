// The answer of GET /api/liegenschaftszins as the API documents it (zod, hence
// OpenAPI and the wire type). The names liegenschaftszinssatz, objektart and
// stichtag are fixed: the spreadsheet functions read them. Optional figures
// are absent where the committee's file leaves them empty.
import { z } from 'zod';
import { bodenrichtwertResponseSchema } from './lookupAnswer.js';

const text = (description: string) => z.string().meta({ description });
const number = (description: string) => z.number().meta({ description });

const lookupShape = bodenrichtwertResponseSchema.shape;

export const liegenschaftszinsModellSchema = z
  .object({
    name: text(
      'Das Modell, mit dem der Satz abgeleitet wurde (§ 10 ImmoWertV: im selben Modell anwenden).',
    ),
    gesamtnutzungsdauer: number('Gesamtnutzungsdauer des Modells in Jahren.').optional(),
    restnutzungsdauer: number('Mittlere Restnutzungsdauer der Kauffälle in Jahren.').optional(),
    bewirtschaftungskosten: number(
      'Mittlere Bewirtschaftungskosten in Prozent des Rohertrags.',
    ).optional(),
    miete: number(
      'Mittlere marktübliche Miete in €/m² Wohn- bzw. Nutzfläche und Monat.',
    ).optional(),
    kaufpreis_pro_m2: number('Mittlerer Kaufpreis in €/m² Wohn- bzw. Nutzfläche.').optional(),
    objektgroesse: number('Mittlere Wohn- bzw. Nutzfläche der Kauffälle in m².').optional(),
  })
  .meta({ description: 'Modell und Modellgrößen der Ableitung, wie veröffentlicht.' });

export const liegenschaftszinsResponseSchema = z.object({
  address_input: lookupShape.address_input,
  address_resolved: lookupShape.address_resolved,
  coordinates: lookupShape.coordinates,
  geocoding: lookupShape.geocoding,
  liegenschaftszinssatz: number('Liegenschaftszinssatz in Prozent (3.3 = 3,3 %).'),
  objektart: text('Objektart, deutscher Name.'),
  objektart_code: text('Objektart, Kürzel (Spaltenpräfix der Datei des Landes).'),
  stichtag: z.iso.date().meta({
    description: 'Stichtag der Auswertung: das Ende des ausgewerteten Berichtsjahrs (YYYY-MM-DD).',
  }),
  jahr: z.int().meta({ description: 'Berichtsjahr der Auswertung.' }),
  standardabweichung: number('Standardabweichung des Satzes in Prozentpunkten.').optional(),
  anzahl_kauffaelle: z.int().meta({ description: 'Zahl der ausgewerteten Kauffälle.' }).optional(),
  modell: liegenschaftszinsModellSchema,
  gutachterausschuss: text('Der zuständige Gutachterausschuss, der den Satz abgeleitet hat.'),
  attribution: z.object({
    text: text('Sichtbar anzeigen: Datenhalter, Jahr und Lizenz.'),
    license_url: z.url(),
    source_url: z.url(),
    year: z.int(),
  }),
  disclaimer: text('Pflichthinweis; sichtbar lassen.'),
});

export type LiegenschaftszinsResponse = z.infer<typeof liegenschaftszinsResponseSchema>;
