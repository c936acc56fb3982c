// An HTML GetFeatureInfo page without a land-value table. MapServer (RLP)
// answers a click outside every zone with its template's header and footer,
// or with "Search returned no results"; such a page is no zone. An error or
// maintenance page is an outage, so the stale cache or 503 applies instead of
// a wrong "no data". Any other page is read as no zone and logged with its
// text, so an operator sees a template change.
import type { Logger } from '../../logging/logger.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { SourceRecord } from '../sourceRecord.js';

const NO_RESULT =
  /search returned no results|no matching record|keine (?:daten|treffer|ergebnisse|informationen)|kein bodenrichtwert/iu;
const FAILURE =
  /wartung|maintenance|msQuery|mapserver (?:message|error)|service (?:temporarily )?unavailable|internal server error|nicht verfügbar|fehler|error|exception/iu;

export function htmlWithoutValues(
  visibleText: string,
  state: string,
  logger: Logger,
): SourceRecord[] {
  if (NO_RESULT.test(visibleText)) return [];
  if (FAILURE.test(visibleText)) {
    throw new UpstreamOutage('maintenance_page', 'HTML page reads as an error or maintenance page');
  }
  logger.warn(
    { state, pageText: visibleText.slice(0, 200) },
    'GetFeatureInfo page without a land-value table read as no zone',
  );
  return [];
}
