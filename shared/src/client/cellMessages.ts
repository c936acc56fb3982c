// How the add-ins show an error in a spreadsheet cell. Each names only its own
// place for the key, so an Excel user never reads about Sheets and vice versa.
import { ErrorCode, type AppError } from '../errors.js';

export type AddinHost = 'excel' | 'sheets';

/** Where the user enters the API key in each add-in. */
const KEY_PLACES: Readonly<Record<AddinHost, string>> = {
  excel: 'im Aufgabenbereich (Start › Bodenrichtwert)',
  sheets: 'in der Seitenleiste (Erweiterungen › Bodenrichtwert › Einstellungen)',
};

/** Short texts for codes whose API message is not meant for a cell; the rest show the message. */
function cellTexts(host: AddinHost): Partial<Record<ErrorCode, string>> {
  const keyPlace = KEY_PLACES[host];
  return {
    missing_token: `Kein API-Schlüssel – bitte ${keyPlace} eintragen.`,
    invalid_token: `API-Schlüssel ungültig oder abgelaufen – bitte ${keyPlace} erneuern.`,
    limit_reached: 'Kontingent aufgebraucht – bitte Tarif upgraden.',
    payment_past_due: 'Zahlung überfällig – bitte Zahlungsdaten im Kundenkonto prüfen.',
    rate_limit_exceeded: 'Zu viele Anfragen – bitte kurz warten und erneut versuchen.',
    restricted_state: 'Keine Daten: Schleswig-Holstein, Sachsen und Bayern sind ausgeschlossen.',
    service_error: 'Datenquelle nicht erreichbar – bitte später erneut versuchen.',
    processing_error: 'Interner Fehler des Dienstes – bitte später erneut versuchen.',
    internal_server_error: 'Interner Fehler des Dienstes – bitte später erneut versuchen.',
  };
}

const CELL_TEXTS: Readonly<Record<AddinHost, Partial<Record<ErrorCode, string>>>> = {
  excel: cellTexts('excel'),
  sheets: cellTexts('sheets'),
};

export function cellMessage(error: AppError, host: AddinHost): string {
  const text = CELL_TEXTS[host][error.code] ?? error.message;
  const upgradeUrl = error.details?.['upgrade_url'];
  if (error.code === ErrorCode.limitReached && upgradeUrl !== undefined) {
    return `${text} ${upgradeUrl}`;
  }
  return text;
}

/** Bad input of the user (→ #VALUE! in Excel), as opposed to no data, quota or key (→ #N/A). */
export function isInputError(error: AppError): boolean {
  return error.status === 400;
}

/**
 * The message of a cell whose address the service is still working on. The
 * cell shows it as an error (Excel: #N/A), not as text, so a total over the
 * column shows that it is not final instead of silently skipping the cell.
 */
export const PENDING_CELL_MESSAGE = 'wird geladen …';
