// The attributions of every source whose values the spreadsheet received,
// kept in its document properties for the sidebar: the licence (dl-de/by-2-0)
// requires the data owners to be named visibly, and a cell can only hold the
// value. Custom functions may write document properties.
import {
  ATTRIBUTIONS_KEY,
  parseAttributions,
  serializeAttributions,
  withNewAttributions,
  type ListedAttribution,
} from '#shared/index.js';
import { underDocumentLock } from './documentLock.js';
import type { AddonServices, SettingsStore } from './ports.js';

export function readAttributions(properties: SettingsStore): ListedAttribution[] {
  return parseAttributions(properties.get(ATTRIBUTIONS_KEY));
}

/**
 * Puts sources not listed yet first; writes only when the list changes. The
 * list is read again and written under the document lock, so two formulas
 * never drop each other's sources; when another execution keeps the lock past
 * the bounded wait, it is written anyway: naming the source is the licence's
 * condition, a merge lost to a race is made up by the next run.
 */
export function recordAttributions(
  services: Pick<AddonServices, 'documentProperties' | 'lock'>,
  attributions: readonly ListedAttribution[],
): void {
  const properties = services.documentProperties;
  if (withNewAttributions(readAttributions(properties), attributions) === undefined) return;
  const record = () => {
    const current = parseAttributions(properties.getCurrent(ATTRIBUTIONS_KEY));
    const updated = withNewAttributions(current, attributions);
    if (updated !== undefined) properties.set(ATTRIBUTIONS_KEY, serializeAttributions(updated));
  };
  if (!underDocumentLock(services, record)) record();
}
