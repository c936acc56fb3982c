// What `npm run addresses:import` and `addresses:status` print: German, with
// German digit grouping, one summary per import and one line per state.
import type { AddressSource } from '../geocoding/officialPoints/addressSources.js';
import type { ImportRecord } from '../geocoding/officialPoints/officialPointRepository.js';
import type { ImportOutcome } from '../addressImport/importHouseFile.js';
import { dataDateText } from '../geocoding/officialPoints/datasetLabel.js';
import { leftOutName } from '../addressImport/leftOutReasons.js';

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
    .map(([reason, n]) => `${leftOutName(reason)} ${count(n)}`)
    .join(', ');
  const lines = [
    `${outcome.state}: ${count(summary.rowsRead)} Zeilen gelesen, ${count(summary.rowsKept)} übernommen` +
      (leftOut === '' ? '' : `, ausgelassen: ${leftOut}`),
    `Format ${outcome.format}, Datenstand ${dataDateText(summary) ?? 'unbekannt'}, ` +
      `${outcome.seconds.toFixed(1).replace('.', ',')} s ` +
      `(${count(Math.round(summary.rowsRead / Math.max(outcome.seconds, 0.001)))} Zeilen/s)`,
    ...repeatsLine(summary.leftOut.repeat),
    ...outcome.malformed.map((m) => `  Zeile ${m.line}: ${leftOutName(m.reason)} (${m.detail})`),
  ];
  return lines.join('\n');
}

/** Two copies of a file in one, say: each point is stored once. */
function repeatsLine(repeats: number | undefined): string[] {
  if (repeats === undefined || repeats === 0) return [];
  return [
    `${count(repeats)} Zeilen wiederholen eine frühere Zeile (dieselbe oid oder dieselbe Adresse am selben Punkt); ` +
      'jeder Punkt ist nur einmal gespeichert.',
  ];
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
        return `${source.state} ${source.name}: ${count(record.rowsKept)} Punkte, Datenstand ${dataDateText(record) ?? 'unbekannt'}, Datei ${record.fileName}, eingelesen ${record.importedAt?.toISOString() ?? '–'}`;
      }
      const why = source.import
        ? 'keine Hauskoordinaten eingelesen'
        : 'keine offenen Hauskoordinaten';
      return `${source.state} ${source.name}: ${why}; Adressen über ${geocoderName}`;
    })
    .join('\n');
}
