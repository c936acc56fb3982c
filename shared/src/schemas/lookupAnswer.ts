// The answers of GET /api/bodenrichtwert (§2.1–2.3) and of the batch, as the
// API documents them. Optional fields are absent when not applicable.
import { z } from 'zod';
import { GEOCODING_MATCHES, GEOCODING_SOURCES, GEOCODING_WARNINGS } from '../apiTypes.js';
import { ErrorCode } from '../errors.js';
import { aktualitaetSchema } from './aktualitaetAnswer.js';
import { entrySchema } from './entrySchema.js';
import { errorBodySchema } from './errorAnswer.js';

const text = (description: string) => z.string().meta({ description });
const number = (description: string) => z.number().meta({ description });

export const bodenrichtwertEntrySchema = entrySchema();

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
          'without_suffix: nicht mehr vergeben (eine Hausnummer ohne den eingegebenen Zusatz ' +
          'ist ein anderes Haus; dann antwortet der Geokodierer); similar_street: ähnlich ' +
          'geschriebene Straße im selben Ort; geocoder: keine amtliche Hauskoordinate gefunden.',
      }),
      warnings: z
        .array(z.enum(GEOCODING_WARNINGS))
        .meta({
          description:
            'Teile der Eingabe, die der Punkt nicht bestätigt: postcode (Postleitzahl nur über ' +
            'ihr Gebiet geprüft oder der Punkt des Geokodierers liegt außerhalb ihres Gebiets), ' +
            'locality (Ortsteil, den die Datei nicht führt), suffix (Hausnummernzusatz nicht ' +
            'gefunden), street (Straße nur ähnlich geschrieben), postcode_restored (vierstellige ' +
            'Postleitzahl mit führender Null gelesen), place_spelling (Ort anders geschrieben, ' +
            'die Postleitzahl bestätigt ihn). Beim Geokodierer, warum keine amtliche ' +
            'Hauskoordinate genommen wurde: number_unexplained (eine Zahl, die weder Hausnummer, ' +
            'Postleitzahl noch Wohnungs-, Geschoss- oder Stellplatzangabe ist), part_unexplained ' +
            '(ein Teil, der weder Straße, Ort, Ortsteil noch bekannte Zusatzangabe ist), ' +
            'locality_unconfirmed (Ortsteil oder Teil eines Gemeindenamens, den die Daten des ' +
            'Landes nicht bestätigen), postcode_unconfirmed (Daten ohne Postleitzahlen, die Adresse ' +
            'kann ebenso im Gebiet einer benachbarten Postleitzahl liegen), number_range ' +
            '(Hausnummernbereich oder Zahl nach Bindestrich), place_ambiguous (Ort ist Ortsteil einer Gemeinde und ' +
            'Ortsteil oder Name einer anderen, die Postleitzahl entscheidet nicht). Fehlt, wenn es nichts zu sagen gibt.',
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
  hinweise: z
    .array(z.string())
    .min(1)
    .meta({
      description:
        'Was die amtliche Quelle diesmal nicht beantwortet hat, obwohl die Bodenrichtwerte ' +
        'vorliegen (z. B. ob die Adresse in einem Sanierungsgebiet liegt); sichtbar anzeigen. ' +
        'Eine solche Antwort wird nur kurz zwischengespeichert und bald erneut abgefragt. ' +
        'Fehlt, wenn alles geprüft wurde.',
    })
    .optional(),
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
