// The answer of GET /api/immobilienrichtwert as the API documents it; the
// wire types are shared/src/immobilienrichtwert.ts (test/shared/schemas/
// answerTypes keeps both the same). Fields not published are absent.
import { z } from 'zod';
import { TEILMAERKTE } from '../immobilienrichtwert.js';
import { bodenrichtwertResponseSchema } from './lookupAnswer.js';

const text = (description: string) => z.string().meta({ description });
const number = (description: string) => z.number().meta({ description });
const lookupShape = bodenrichtwertResponseSchema.shape;
const teilmaerkte = Object.entries(TEILMAERKTE)
  .map(([code, name]) => `${code} ${name}`)
  .join(', ');

export const immobilienrichtwertItemSchema = z.object({
  immobilienrichtwert: number('Immobilienrichtwert in €/m² Wohnfläche, wie veröffentlicht (IMRW).'),
  stichtag: z.iso.date().meta({ description: 'Stichtag des Immobilienrichtwerts (STAG).' }),
  teilmarkt: text(
    `Teilmarkt (TEILMA) als Text: ${teilmaerkte}; ein anderer Code wie veröffentlicht.`,
  ),
  teilmarkt_code: text('Teilmarkt-Code, wie veröffentlicht (TEILMA).'),
  objektgruppe: text('Objektgruppe des Normobjekts (OBJGR), wie veröffentlicht.').optional(),
  baujahr: z.int().meta({ description: 'Baujahr des Normobjekts (BJ).' }).optional(),
  wohnflaeche: number('Wohnfläche des Normobjekts in m² (WHNFL).').optional(),
  grundstuecksflaeche: z
    .union([number('Grundstücksfläche in m².'), z.object({ von: z.number(), bis: z.number() })])
    .meta({
      description:
        'Grundstücksfläche des Normobjekts in m² (FLAE): eine Zahl oder ein Bereich {von, bis} ' +
        '(veröffentlicht als „111-130“).',
    })
    .optional(),
  gebaeudestandard: text('Gebäudestandard (GSTAND), wie veröffentlicht.').optional(),
  gebaeudeart: text('Ergänzende Gebäudeart (EGART), wie veröffentlicht.').optional(),
  wohnlage: text('Wohnlage (WHNLA), wie veröffentlicht.').optional(),
  keller: text('Keller (KELLER), wie veröffentlicht.').optional(),
  anzahl_einheiten: number('Anzahl der Einheiten im Gebäude (ANZEGEB).').optional(),
  zone: text('Name der Immobilienrichtwertzone (NAME_IRW).').optional(),
  gemeinde: text('Gemeinde (GENA).').optional(),
  gemeindeschluessel: text('Amtlicher Gemeindeschlüssel (GESL).').optional(),
  postleitzahl: text('Postleitzahl (PLZ).').optional(),
  beitragszustand: text(
    'Beitrags- und abgabenrechtlicher Zustand (BEIT), wie veröffentlicht.',
  ).optional(),
  gutachterausschuss: text(
    'Der Gutachterausschuss, der den Wert beschlossen hat (GABE).',
  ).optional(),
  umrechnung: z
    .object({
      dokument_url: z
        .url()
        .meta({
          description:
            'Dokument des Gutachterausschusses mit den Umrechnungskoeffizienten (UDOK_URL).',
        })
        .optional(),
      text: text(
        'Die Umrechnung auf das Bewertungsobjekt ist Sache des Sachverständigen (§ 10 ImmoWertV).',
      ),
    })
    .meta({
      description: 'Wie der Wert auf das Bewertungsobjekt umgerechnet wird; hier nicht angewendet.',
    }),
});

export const immobilienrichtwertResponseSchema = z.object({
  address_input: lookupShape.address_input,
  address_resolved: lookupShape.address_resolved,
  coordinates: lookupShape.coordinates,
  geocoding: lookupShape.geocoding,
  immobilienrichtwerte: z.array(immobilienrichtwertItemSchema).meta({
    description:
      'Jeder Immobilienrichtwert am Standort, je Teilmarkt der mit dem jüngsten Stichtag (an ' +
      'oder vor dem angefragten); in XML immobilienrichtwert-Elemente.',
  }),
  attribution: lookupShape.attribution,
  disclaimer: text('Pflichthinweis; sichtbar lassen.'),
});
