// An upstream failure of one page, told in German with the page it hit: the
// operator sees which request of a long import broke and why.
import { isUpstreamOutage, type UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { MAX_UPSTREAM_BYTES } from '../../upstream/limitedBody.js';
import { ZoneImportError } from '../zoneImportError.js';

/** What went wrong with a state service's answer, in German. */
export function outageInGerman(outage: UpstreamOutage): string {
  switch (outage.reason) {
    case 'timeout':
      return 'keine vollständige Antwort in der Wartezeit';
    case 'network':
      return 'Verbindung fehlgeschlagen';
    case 'http_status':
      return `HTTP-Status ${outage.httpStatus ?? '?'}`;
    case 'maintenance_page':
      return 'eine HTML-Seite statt Daten (Wartungs- oder Fehlerseite)';
    case 'service_exception':
      return `Fehlermeldung des Dienstes (${outage.message})`;
    case 'redirect':
      return 'Umleitung auf einen anderen Host';
    case 'queue_full':
      return 'Warteschlange voll';
    case 'malformed_body':
      return /larger than/.test(outage.message)
        ? `Antwort größer als ${MAX_UPSTREAM_BYTES / 1024 / 1024} MB (kleinere Seiten wählen: route.pageSize)`
        : `Antwort nicht lesbar (${outage.message})`;
  }
}

/** The failure as a ZoneImportError naming the page; a ZoneImportError passes unchanged. */
export function pageFailure(page: string, error: unknown): ZoneImportError {
  if (error instanceof ZoneImportError) return error;
  const why = isUpstreamOutage(error)
    ? outageInGerman(error)
    : `unerwarteter Fehler (${error instanceof Error ? error.message : String(error)})`;
  return new ZoneImportError('unreadable_page', `${page}: ${why}`, {
    cause: error,
  });
}
