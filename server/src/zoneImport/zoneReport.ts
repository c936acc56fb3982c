// What `npm run zones:import` prints: per stichtag the zones imported and
// those left out with their reasons (German, German digit grouping, the first
// place of each reason so the operator can look).
import { germanDate } from '../sources/history/datedLookup.js';
import type { StichtagCounts } from '../zoneSets/zoneSetRepository.js';

const n = (value: number) => value.toLocaleString('de-DE');

export function importReport(
  heading: string,
  counts: StichtagCounts,
  examples: Record<string, string>,
): string[] {
  const stichtage = Object.keys(counts).sort();
  const total = (pick: (c: StichtagCounts[string]) => number) =>
    stichtage.reduce((sum, s) => sum + pick(counts[s] as StichtagCounts[string]), 0);
  const leftOut = (c: StichtagCounts[string]) =>
    Object.values(c.leftOut).reduce((a, b) => a + b, 0);
  const lines = [
    `${heading}: ${n(total((c) => c.imported))} Zonen übernommen, ${n(total(leftOut))} ausgelassen`,
  ];
  for (const stichtag of stichtage) {
    const count = counts[stichtag] as StichtagCounts[string];
    const day = /^\d{4}-\d{2}-\d{2}$/.test(stichtag)
      ? `Stichtag ${germanDate(stichtag)}`
      : stichtag;
    const reasons = Object.entries(count.leftOut).map(
      ([reason, k]) =>
        `${reason}: ${n(k)}${examples[reason] ? ` (z. B. ${examples[reason]})` : ''}`,
    );
    lines.push(
      `  ${day}: ${n(count.imported)} übernommen, ${n(leftOut(count))} ausgelassen` +
        (reasons.length > 0 ? ` – ${reasons.join('; ')}` : ''),
    );
  }
  return lines;
}
