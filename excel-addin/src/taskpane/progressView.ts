// The progress of a recalculation's lookups ("137 von 400 Adressen, 3 Fehler").
// A range of 1,000 addresses reports every answer; the pane redraws at most
// every RENDER_INTERVAL_MS (the last figures always), not once per row.
import { progressText } from '#shared/index.js';
import type { ProgressTracker } from '../lookup/progressTracker.js';
import { byId } from './dom.js';

export const RENDER_INTERVAL_MS = 250;

function render(tracker: ProgressTracker): void {
  const progress = tracker.current();
  if (progress === undefined) return;
  const bar = byId<HTMLProgressElement>('progress-bar');
  bar.max = Math.max(progress.total, 1);
  bar.value = progress.done;
  byId('progress-text').textContent = progressText(progress);
  byId('progress').hidden = false;
}

export function showProgress(tracker: ProgressTracker): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  tracker.onChange(() => {
    timer ??= setTimeout(() => {
      timer = undefined;
      render(tracker);
    }, RENDER_INTERVAL_MS);
  });
  render(tracker);
}
