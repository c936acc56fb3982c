// The coverage table of docs/sources.md, made from the registry itself: per
// state whether it is connected, which service answers, from which year its
// past stichtage are reached ("Historie ab"), and how well each
// fact the entry states is known (the `evidence` counts and the facts that are
// not confirmed), then the references cited. `npm run docs:coverage` writes it
// between the markers; a test keeps the document equal to the registry.
import type { Evidence, History, SourceEntry } from '../sources/sourceDefinition.js';
import { stateCode } from '#shared/germanStates.js';

export const TABLE_START = '<!-- coverage table: npm run docs:coverage -->';
export const TABLE_END = '<!-- end of coverage table -->';

export interface CoverageInput {
  references: Readonly<Record<string, string>>;
  sources: readonly SourceEntry[];
}

export function coverageMarkdown({ references, sources }: CoverageInput): string {
  const rows = [...sources]
    .sort((a, b) => a.name.localeCompare(b.name, 'de'))
    .map((entry) => `| ${cells(entry).join(' | ')} |`);
  const cited = new Set(sources.flatMap((s) => Object.values(evidenceOf(s)).flatMap((e) => e.by)));
  const refs = Object.entries(references)
    .filter(([key]) => cited.has(key))
    .map(([key, text]) => `| \`${key}\` | ${escapeCell(text)} |`);
  return [
    '| state | status | service (`kind`) | licence | history from | facts confirmed | one source only | not verified or contested |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '| Schleswig-Holstein, Sachsen, Bayern | legally excluded: 451 `restricted_state` | – | – | – | – | – | – |',
    '',
    'References cited by the evidence (key as in the registry):',
    '',
    '| key | source |',
    '| --- | --- |',
    ...refs,
  ].join('\n');
}

function cells(entry: SourceEntry): string[] {
  const state = `${entry.name} (${stateCode(entry.state)})`;
  if (!('options' in entry)) {
    return [
      state,
      `not connected: ${escapeCell(entry.reason ?? 'no source')}`,
      '–',
      '–',
      '–',
      '–',
      '–',
    ];
  }
  const evidence = evidenceOf(entry);
  const byStatus = (wanted: readonly string[]) =>
    Object.entries(evidence).filter(([, e]) => wanted.includes(e.status));
  const confirmed = byStatus(['confirmed']);
  const single = byStatus(['single-source']);
  const open = byStatus(['unverified', 'contested']);
  const sourcesOf = (facts: typeof confirmed) =>
    [...new Set(facts.flatMap(([, e]) => e.by))].map((r) => `\`${r}\``).join(', ');
  const status = entry.enabled ? 'connected' : `switched off: ${escapeCell(entry.reason ?? '')}`;
  return [
    state,
    status,
    `${serviceUrl(entry.options) ?? entry.sourceUrl} (\`${entry.kind}\`)`,
    entry.license,
    historyFrom(entry.history),
    `${confirmed.length} (${sourcesOf(confirmed)})`,
    `${single.length}${single.length > 0 ? ` (${sourcesOf(single)})` : ''}`,
    open.length === 0 ? '–' : open.map(([fact, e]) => `${fact} (${e.status})`).join(', '),
  ];
}

const HISTORY_KIND_NAMES: Readonly<Record<History['kind'], string>> = {
  'same-layer': 'every stichtag in one layer',
  'year-endpoints': 'one service per data year',
  'time-parameter': 'time-enabled WMS (TIME)',
  none: 'current values only',
};

/** "Historie ab": the first year of past stichtage (or that it is not known) and how they are reached. */
function historyFrom(history: History | undefined): string {
  if (history === undefined || history.kind === 'none') return HISTORY_KIND_NAMES.none;
  const since = history.since === undefined ? 'first year not known' : String(history.since);
  return `${since}: ${HISTORY_KIND_NAMES[history.kind]}`;
}

function serviceUrl(options: Readonly<Record<string, unknown>>): string | undefined {
  return typeof options.url === 'string' ? options.url : undefined;
}

function evidenceOf(entry: SourceEntry): Evidence {
  return 'evidence' in entry && entry.evidence ? entry.evidence : {};
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** The document with the table between the markers replaced. */
export function withCoverageTable(document: string, table: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/sources.md lacks the coverage table markers');
  return `${document.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${document.slice(end)}`;
}
