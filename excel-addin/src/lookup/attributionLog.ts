// The attributions of the data the user has just looked up, newest first. The
// task pane shows them: dl-de/by-2-0 requires the attribution next to the data.
import type { Attribution } from '../../../shared/src/index.js';

export interface SeenAttribution {
  attribution: Attribution;
  seenAt: Date;
}

export interface AttributionLog {
  record(attribution: Attribution): void;
  latest(): readonly SeenAttribution[];
  /** Called when the list changes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export function createAttributionLog(now: () => Date, capacity = 3): AttributionLog {
  let entries: SeenAttribution[] = [];
  const listeners = new Set<() => void>();

  return {
    record(attribution) {
      // Every cell of a recalculation records; only a new newest text is news.
      const unchanged = entries[0]?.attribution.text === attribution.text;
      const others = entries.filter((e) => e.attribution.text !== attribution.text);
      entries = [{ attribution, seenAt: now() }, ...others].slice(0, capacity);
      if (!unchanged) for (const listener of listeners) listener();
    },
    latest: () => entries,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
