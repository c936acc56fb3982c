// How the add-ins show an error in a spreadsheet cell.
import { ErrorCode, type AppError } from '../errors.js';

const KEY_PLACE = 'im Aufgabenbereich (Excel) bzw. in der Seitenleiste (Google Sheets)';

/** Short texts for codes whose API message is not meant for a cell; the rest show the message. */
const CELL_TEXTS: Partial<Record<ErrorCode, string>> = {
  missing_token: `Kein API-Schlüssel – bitte ${KEY_PLACE} eintragen.`,
  invalid_token: `API-Schlüssel ungültig oder abgelaufen – bitte ${KEY_PLACE} erneuern.`,
  limit_reached: 'Kontingent aufgebraucht – bitte Tarif upgraden.',
  payment_past_due: 'Zahlung überfällig – bitte Zahlungsdaten im Kundenkonto prüfen.',
  rate_limit_exceeded: 'Zu viele Anfragen – bitte kurz warten und erneut versuchen.',
  restricted_state: 'Keine Daten: Schleswig-Holstein, Sachsen und Bayern sind ausgeschlossen.',
  service_error: 'Datenquelle nicht erreichbar – bitte später erneut versuchen.',
  processing_error: 'Interner Fehler des Dienstes – bitte später erneut versuchen.',
  internal_server_error: 'Interner Fehler des Dienstes – bitte später erneut versuchen.',
};

export function cellMessage(error: AppError): string {
  const text = CELL_TEXTS[error.code] ?? error.message;
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
