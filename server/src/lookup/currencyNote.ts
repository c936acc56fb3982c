// Whether an answer is the newest a state has published. Some states publish
// a new stichtag in their portal before their machine service serves it
// (Hessen: 2026 values in the viewer, the WFS still on 2024); the answer must
// then say so, or a valuer takes the older value for the current one. The
// newest published stichtag is a registry fact (`newestStichtag`).
import { germanDate } from './history/datedLookup.js';

export type Currency = 'behind' | 'current' | 'ahead';

/**
 * How the newest stichtag the service served compares with the newest the
 * state has published; undefined when the registry knows no newest stichtag.
 */
export function currencyOf(
  newestPublished: string | undefined,
  served: string,
): Currency | undefined {
  if (newestPublished === undefined) return undefined;
  if (served < newestPublished) return 'behind';
  return served === newestPublished ? 'current' : 'ahead';
}

/**
 * The answer's `hinweis` when the service lags behind the state's portal: only
 * for a lookup of a day on or after the newer stichtag (a dated lookup before
 * it is answered correctly by the older values).
 */
export function currencyNote(
  newestPublished: string | undefined,
  at: string,
  served: string,
): string | undefined {
  if (newestPublished === undefined || at < newestPublished) return undefined;
  if (currencyOf(newestPublished, served) !== 'behind') return undefined;
  return (
    `Neuere Bodenrichtwerte (Stichtag ${germanDate(newestPublished)}) sind im Portal des ` +
    'Landes veröffentlicht, über den Dienst noch nicht abrufbar.'
  );
}
