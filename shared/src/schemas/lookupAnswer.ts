// The answers of GET /api/bodenrichtwert (§2.1–2.3) and of the batch, as the
// API documents them. Optional fields are absent when not applicable.
import { z } from 'zod';
import { GEOCODING_MATCHES, GEOCODING_SOURCES, GEOCODING_WARNINGS } from '../apiTypes.js';
import { ErrorCode } from '../errors.js';
import { LAND_USE_CODES } from '../landUse.js';
import { aktualitaetSchema } from './aktualitaetAnswer.js';
import { errorBodySchema } from './errorAnswer.js';

const text = (description: string) => z.string().meta({ description });
const nonEmpty = (description: string) => z.string().min(1).meta({ description });
const number = (description: string) => z.number().meta({ description });

export const bodenrichtwertEntrySchema = z.object({
  nutzungsart: nonEmpty('Nutzungsart, wie veröffentlicht.'),
  code: z.enum(LAND_USE_CODES),
  brw_euro_pro_m2: z.number().min(0).meta({ description: 'Bodenrichtwert in €/m².' }),
  stichtag: z.iso.date(),
  gemeinde: text('Gemeinde.'),
  gutachterausschuss: text(
    'Gutachterausschuss; kann leer sein, der Schlüssel ist immer vorhanden.',
  ),
  bodenrichtwertnummer: nonEmpty('Nummer der Zone bei ihrem Gutachterausschuss.').optional(),
  zonenbezeichnung: nonEmpty('Name der Zone.').optional(),
  bauweise: nonEmpty('Bauweise, wie veröffentlicht.').optional(),
  geschossflaechenzahl: number('In der Zone zulässige GFZ.').optional(),
  grundflaechenzahl: number('GRZ.').optional(),
  vollgeschosszahl: number('Zahl der Vollgeschosse; keine GFZ.').optional(),
  baumassenzahl: number('BMZ.').optional(),
  wertrel_geschossflaechenzahl: number(
    'Wertrelevante GFZ des Richtwertgrundstücks: das gfz_referenz der Umrechnung ' +
      '(POST /api/bodenwert).',
  ).optional(),
  entwicklungszustand: nonEmpty(
    'Entwicklungszustand als Text (baureifes Land, Rohbauland, Bauerwartungsland, …).',
  ).optional(),
  beitragszustand: nonEmpty('Beitragsrechtlicher Zustand als Text, wie veröffentlicht.').optional(),
  verfahrensgrund: nonEmpty(
    'Städtebauliche Maßnahme, in deren Gebiet die Zone liegt: Sanierungsgebiet, ' +
      'Entwicklungsbereich, Soziale Stadt oder Stadtumbau.',
  ).optional(),
  verfahrensgrund_zusatz: nonEmpty(
    'Ob der Wert die Maßnahme berücksichtigt, und was er damit ist: ' +
      '„sanierungsunbeeinflusst (Anfangswert)“ oder „entwicklungsunbeeinflusst (Anfangswert)“ ' +
      'ist der Wert ohne die Maßnahme, „sanierungsbeeinflusst (Endwert)“ oder ' +
      '„entwicklungsbeeinflusst (Endwert)“ der Wert nach ihr.',
  ).optional(),
  ackerzahl: number(
    'Ackerzahl des Richtwertgrundstücks (landwirtschaftliche Fläche), wenn ein Wert ' +
      'veröffentlicht ist; fehlt bei einer Spanne.',
  ).optional(),
  ackerzahl_min: number('Untere Grenze einer veröffentlichten Spanne von Ackerzahlen.').optional(),
  ackerzahl_max: number('Obere Grenze einer veröffentlichten Spanne von Ackerzahlen.').optional(),
  gruenlandzahl: number(
    'Grünlandzahl des Richtwertgrundstücks (landwirtschaftliche Fläche), wenn ein Wert ' +
      'veröffentlicht ist; fehlt bei einer Spanne.',
  ).optional(),
  gruenlandzahl_min: number(
    'Untere Grenze einer veröffentlichten Spanne von Grünlandzahlen.',
  ).optional(),
  gruenlandzahl_max: number(
    'Obere Grenze einer veröffentlichten Spanne von Grünlandzahlen.',
  ).optional(),
  gemarkung: nonEmpty('Gemarkung der Zone.').optional(),
  bemerkung: nonEmpty(
    'Bemerkung des Gutachterausschusses zur Zone, wie veröffentlicht.',
  ).optional(),
  flaeche_m2: number('Fläche des Richtwertgrundstücks in m².').optional(),
  tiefe_m: number('Tiefe des Richtwertgrundstücks in m.').optional(),
  viewer_url: z
    .url()
    .meta({ description: 'Der amtliche Kartenviewer des Landes für diese Werte.' })
    .optional(),
});

const addressInput = text('Die Adresse, wie gesendet.');

/** The answer of §2.2, also the base of a batch item. */
export const bodenrichtwertResponseSchema = z.object({
  address_input: addressInput,
  address_resolved: text(
    'Die verwendete Adresse: die der amtlichen Hauskoordinate oder der beste Treffer des ' +
      'Geokodierers mit Hausnummer.',
  ),
  coordinates: z.object({ lat: number('Breite (WGS84).'), lon: number('Länge (WGS84).') }),
  geocoding: z
    .object({
      source: z.enum(GEOCODING_SOURCES),
      match: z.enum(GEOCODING_MATCHES).meta({
        description:
          'exact: Straße, Hausnummer, Zusatz und alle eingegebenen Ortsangaben vom amtlichen ' +
          'Punkt bestätigt; postcode_area: ebenso, aber die Datei des Landes führt keine ' +
          'Postleitzahlen, der Punkt liegt im Gebiet der eingegebenen Postleitzahl; ' +
          'without_suffix: Hausnummer ohne den eingegebenen Zusatz; similar_street: ähnlich ' +
          'geschriebene Straße im selben Ort; geocoder: keine amtliche Hauskoordinate gefunden.',
      }),
      warnings: z
        .array(z.enum(GEOCODING_WARNINGS))
        .meta({
          description:
            'Teile der Eingabe, die der Punkt nicht bestätigt: postcode (Postleitzahl nur über ' +
            'ihr Gebiet geprüft oder der Punkt des Geokodierers liegt außerhalb ihres Gebiets), ' +
            'locality (Ortsteil, den die Datei nicht führt), suffix (Hausnummernzusatz nicht ' +
            'gefunden), street (Straße nur ähnlich geschrieben). Fehlt, wenn alles bestätigt ist.',
        })
        .optional(),
      quality: z
        .enum(['A', 'B'])
        .meta({ description: 'Nur amtliche Punkte: A im Gebäude, B auf dem Flurstück.' })
        .optional(),
      dataset: text('Nur amtliche Punkte: Datensatz des Landes und sein Stand.').optional(),
    })
    .meta({
      description:
        'Wie die Adresse verortet wurde: über die amtlichen Hauskoordinaten des Landes oder ' +
        'über den Geokodierer.',
    }),
  bodenrichtwerte: z.array(bodenrichtwertEntrySchema).min(1),
  cache_hit: z.boolean(),
  cache_stale: z
    .literal(true)
    .meta({
      description:
        'Nur vorhanden, wenn ein zwischengespeicherter Eintrag nicht mehr frisch, aber noch ' +
        'zulässig ist.',
    })
    .optional(),
  abgerufen_am: z.iso.datetime().meta({
    description:
      'Wann die Werte bei der amtlichen Quelle abgerufen wurden; in einer Antwort aus dem ' +
      'Zwischenspeicher dieselbe Zeit.',
  }),
  attribution: z.object({
    text: text('Sichtbar anzeigen: Datenhalter, Jahr und Lizenz.'),
    license_url: z.url(),
    source_url: z.url(),
    year: z.int(),
    hauskoordinaten: z
      .object({
        text: text('Quellenvermerk der Hauskoordinaten.'),
        license_url: z.url(),
        source_url: z.url().optional(),
      })
      .meta({
        description:
          'Nur wenn die Adresse über Hauskoordinaten unter dl-de/by-2.0 oder CC BY 4.0 ' +
          'verortet wurde: deren Quellenvermerk (auch Teil von text).',
      })
      .optional(),
  }),
  aktualitaet: aktualitaetSchema,
  hinweis: text(
    'Derselbe Text wie aktualitaet.hinweis, wo es einen gibt (für bestehende Clients); ' +
      'sichtbar anzeigen.',
  ).optional(),
  disclaimer: text('Pflichthinweis; sichtbar lassen.'),
});

/** What a single lookup can answer besides 200, and so what an item can hold. */
export const ITEM_ERROR_CODES = [
  ErrorCode.missingAddress,
  ErrorCode.addressTooLong,
  ErrorCode.invalidToken,
  ErrorCode.limitReached,
  ErrorCode.paymentPastDue,
  ErrorCode.addressNotFound,
  ErrorCode.noData,
  ErrorCode.restrictedState,
  ErrorCode.processingError,
  ErrorCode.serviceError,
] as const;

/** A batch item: the answer plus status 200, an error body plus address_input, or pending. */
export const batchLookupItemSchemaOf = (errorBody: typeof errorBodySchema) =>
  z.xor([
    bodenrichtwertResponseSchema.extend({ status: z.literal(200).meta({ type: 'integer' }) }),
    errorBody
      .extend({
        error: z.enum(ITEM_ERROR_CODES).meta(errorBody.shape.error.meta() ?? {}),
        address_input: addressInput,
      })
      .meta(errorBody.meta() ?? {}),
    z
      .object({
        status: z.literal(202).meta({ type: 'integer' }),
        error: z.literal('pending'),
        message: z.string(),
        retry_after: z.int().min(1),
        address_input: addressInput,
      })
      .meta({
        description:
          'Noch nicht ermittelt, als die Wartezeit (Prefer: wait) ablief; der Dienst ' +
          'ermittelt es im Hintergrund, erneutes Anfragen nach retry_after Sekunden ist frei.',
      }),
  ]);

export const batchLookupResponseSchemaOf = (item: ReturnType<typeof batchLookupItemSchemaOf>) =>
  z.object({ results: z.array(item).min(1) });

export const batchLookupItemSchema = batchLookupItemSchemaOf(errorBodySchema);
export const batchLookupResponseSchema = batchLookupResponseSchemaOf(batchLookupItemSchema);
