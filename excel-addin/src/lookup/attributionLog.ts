// The attributions of every source whose values are in the workbook, newest
// first. dl-de/by-2-0 requires the attribution next to the data, and a reopened
// workbook shows its values without recalculating, so the list is kept in the
// workbook itself (its add-in settings) and the task pane shows it from there.
import {
  ATTRIBUTIONS_KEY,
  mergeAttributions,
  parseAttributions,
  serializeAttributions,
  withNewAttributions,
  type ListedAttribution,
} from '#shared/index.js';

/** The workbook's own storage for the add-in (Office.context.document.settings). */
export interface WorkbookStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export interface AttributionLog {
  record(attribution: ListedAttribution): void;
  /** Reads the workbook's list (once); resolves with it. */
  load(): Promise<readonly ListedAttribution[]>;
  latest(): readonly ListedAttribution[];
  /** Called when the list changes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export function createAttributionLog(workbook: WorkbookStore): AttributionLog {
  let entries: ListedAttribution[] = [];
  let loaded: Promise<readonly ListedAttribution[]> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  const load = () => {
    loaded ??= workbook
      .get(ATTRIBUTIONS_KEY)
      .catch(() => null)
      .then((text) => {
        entries = mergeAttributions(parseAttributions(text), entries);
        changed();
        return entries;
      });
    return loaded;
  };

  return {
    record(attribution) {
      // Every cell of a recalculation records; only a source not listed yet is news.
      const updated = withNewAttributions(entries, [attribution]);
      if (updated === undefined) return;
      entries = updated;
      changed();
      saving = saving
        .then(load)
        .then(() => workbook.set(ATTRIBUTIONS_KEY, serializeAttributions(entries)))
        .catch(() => undefined);
    },
    load,
    latest: () => entries,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
