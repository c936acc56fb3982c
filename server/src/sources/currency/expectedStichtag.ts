// Which stichtag a state should have published by now, from its cycle alone:
// the newest 1 January of a cycle year, on or before the day asked about,
// whose values are due by today (the stichtag's year at `publishedBy`). Pure,
// so a clock across 1 January (and across the publication day) moves it.
import type { Cycle } from '../currencyDefinition.js';

/**
 * YYYY-MM-DD. `at`: the day the values should hold for (a dated lookup's
 * stichtag, else today); `today`: the German calendar day now.
 */
export function expectedNewestStichtag(cycle: Cycle, at: string, today: string): string {
  let year = Math.min(Number(at.slice(0, 4)), Number(today.slice(0, 4)));
  for (;;) {
    const published = today >= `${year}-${cycle.publishedBy}`;
    if (published && inCycle(cycle, year)) return `${year}-01-01`;
    year -= 1;
  }
}

function inCycle(cycle: Cycle, year: number): boolean {
  if (cycle.every === 'yearly') return true;
  return (year % 2 === 0) === (cycle.years === 'even');
}
