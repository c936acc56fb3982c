// What `npm run addresses:import` and `addresses:status` print: German, with
// German digit grouping, one summary per import and one line per state.
import type { AddressSource } from '../lookup/addresses/addressSources.js';
import type { ImportRecord } from '../lookup/addresses/housePointRepository.js';
import type { ImportOutcome } from '../lookup/addresses/importHouseFile.js';

const LEFT_OUT_NAMES: Record<string, string> = {
  quality_c: 'Qualität C (geschätzt)',
  other_state: 'anderes Land',
  outside_state: 'außerhalb des Landes',
  house_number: 'Hausnummer unlesbar',
  street: 'ohne Straße',
  field_count: 'falsche Feldzahl',
  coordinates: 'Koordinaten unlesbar',
  encoding: 'Zeichenkodierung',
};

const count = (n: number) => n.toLocaleString('de-DE');

export function formatProgress(rowsRead: number, rowsPerSecond: number): string {
  return `${count(rowsRead)} Zeilen gelesen, ${count(Math.round(rowsPerSecond))} Zeilen/s`;
}

export function formatOutcome(outcome: ImportOutcome): string {
  const { summary } = outcome;
  if (outcome.result === 'unchanged') {
    return `${outcome.state}: dieselbe Datei ist bereits eingelesen (Import ${outcome.importId}); nichts geändert.`;
  }
  const leftOut = Object.entries(summary.leftOut)
    .map(([reason, n]) => `${LEFT_OUT_NAMES[reason] ?? reason} ${count(n)}`)
    .join(', ');
  const lines = [
    `${outcome.state}: ${count(summary.rowsRead)} Zeilen gelesen, ${count(summary.rowsKept)} übernommen` +
      (leftOut === '' ? '' : `, ausgelassen: ${leftOut}`),
    `Format ${outcome.format}, Datenstand ${summary.dataDate ?? 'unbekannt'}, ` +
      `${outcome.seconds.toFixed(1).replace('.', ',')} s ` +
      `(${count(Math.round(summary.rowsRead / Math.max(outcome.seconds, 0.001)))} Zeilen/s)`,
    ...outcome.malformed.map(
      (m) => `  Zeile ${m.line}: ${LEFT_OUT_NAMES[m.reason] ?? m.reason} (${m.detail})`,
    ),
  ];
  return lines.join('\n');
}

export function formatStatus(
  sources: readonly AddressSource[],
  active: readonly ImportRecord[],
  geocoderName: string,
): string {
  return sources
    .map((source) => {
      const record = active.find((r) => r.state === source.state);
      if (record) {
        return `${source.state} ${source.name}: ${count(record.rowsKept)} Punkte, Datenstand ${record.dataDate ?? 'unbekannt'}, Datei ${record.fileName}, eingelesen ${record.importedAt?.toISOString() ?? '–'}`;
      }
      const why = source.import
        ? 'keine Hauskoordinaten eingelesen'
        : 'keine offenen Hauskoordinaten';
      return `${source.state} ${source.name}: ${why}; Adressen über ${geocoderName}`;
    })
    .join('\n');
}
