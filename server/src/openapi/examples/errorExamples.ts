// One example answer per error code, shown under each documented error
// status. Typed over every code, so a new code cannot go undocumented; the
// tests check that each example's status is the one its code answers with.
import { MAX_ADDRESS_LENGTH, MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import { ERROR_STATUS, type ErrorCode } from '#shared/errors.js';
import type { JsonObject } from '../types.js';

const MESSAGES: Readonly<Record<ErrorCode, string>> = {
  missing_address: 'Der Parameter „address“ fehlt oder ist leer.',
  address_too_long: `Die Adresse ist länger als ${MAX_ADDRESS_LENGTH} Zeichen.`,
  invalid_nutzungsart: 'Unbekannte Nutzungsart „X“; erlaubt sind W, M, G, S, L, F, SO.',
  invalid_format: 'Der Parameter „format“ muss „json“ oder „xml“ sein.',
  invalid_stichtag:
    'Der Stichtag muss ein Datum JJJJ-MM-TT sein und darf nicht in der Zukunft liegen.',
  too_many_addresses: `Höchstens ${MAX_BATCH_ADDRESSES} Adressen je Anfrage.`,
  conflicting_parameters: 'Entweder „address“ oder „kennzeichen“ angeben, nicht beide.',
  invalid_kennzeichen:
    'Das Flurstückskennzeichen muss 20 Zeichen haben (Berlin: 18), z. B. „05329001100085______“.',
  invalid_teilmarkt:
    'Unbekannter Teilmarkt „Villen“. Erlaubt sind Code oder Name: 1 Ein- und Zweifamilienhäuser, …',
  invalid_objektart:
    'Die Objektart „Villa“ ist unbekannt. Gültig sind: efh (Einfamilienhäuser, freistehend), …, gegi (Gewerbe und Industrie).',
  invalid_json: 'Der Anfragekörper ist kein gültiges JSON.',
  invalid_body:
    'Der Anfrageinhalt muss JSON sein und mit dem Header „Content-Type: application/json“ gesendet werden.',
  missing_parameter: 'Das Pflichtfeld „gfz_tatsaechlich“ fehlt.',
  invalid_brw: '„brw“ muss größer oder gleich 0 sein.',
  invalid_gfz_referenz: '„gfz_referenz“ muss größer als 0 sein.',
  invalid_gfz_tatsaechlich: '„gfz_tatsaechlich“ muss größer als 0 sein.',
  invalid_flaeche: '„flaeche“ muss größer als 0 sein.',
  invalid_hinterland_flaeche_m2:
    '„hinterland_flaeche_m2“ muss größer als 0 und kleiner als „flaeche“ sein.',
  invalid_hinterland_faktor: '„hinterland_faktor“ muss zwischen 0 und 1 (einschließlich) sein.',
  invalid_field: 'Das Feld ist ungültig.',
  ambiguous_zone: 'Mehrere Zonen passen; die Bodenrichtwertnummer wählt eine.',
  missing_token: 'Es fehlt ein Zugriffstoken (Authorization: Bearer … oder Parameter token).',
  invalid_token: 'Das Zugriffstoken ist ungültig, abgelaufen oder widerrufen.',
  limit_reached: 'Das monatliche Abfragekontingent Ihres Tarifs ist aufgebraucht.',
  payment_past_due:
    'Die letzte Zahlung ist fehlgeschlagen und die Frist ist abgelaufen. Bitte Zahlungsdaten aktualisieren.',
  rate_limit_exceeded: 'Zu viele Anfragen. Bitte später erneut versuchen.',
  address_not_found:
    'Die Adresse wurde nicht gefunden. Bitte Straße, Hausnummer, Postleitzahl und Ort angeben.',
  no_data:
    'Für diese Adresse liegen keine Bodenrichtwerte vor (keine Bodenrichtwertzone am Standort).',
  parcel_not_found: 'An dieser Stelle liegt kein Flurstück im Liegenschaftskataster.',
  restricted_state:
    'Für Schleswig-Holstein, Sachsen und Bayern dürfen keine Bodenrichtwerte ausgegeben werden.',
  service_error:
    'Der Bodenrichtwertdienst des Landes ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.',
  processing_error: 'Die Antwort des Landesdienstes konnte nicht verarbeitet werden.',
  not_found: 'Diese Adresse gibt es nicht.',
  payload_too_large: 'Der Anfragekörper ist zu groß.',
  too_many_parameters: 'Die Anfrage hat zu viele Parameter.',
  internal_server_error: 'Interner Fehler. Bitte später erneut versuchen.',
};

/** Extra fields a code's answer carries. */
const DETAILS: Partial<Record<ErrorCode, JsonObject>> = {
  limit_reached: {
    reason: 'monthly_limit_reached',
    upgrade_url: 'https://brw.example.de/dashboard/billing',
  },
};

/** The example error body of one code. */
export function errorExample(code: ErrorCode): JsonObject {
  return { error: code, message: MESSAGES[code], status: ERROR_STATUS[code], ...DETAILS[code] };
}
