// What the download and the update print: German, with German digit grouping.
import { dataDateText } from '../geocoding/officialPoints/datasetLabel.js';
import type { DownloadResult } from '../addressImport/download/httpDownload.js';
import type { UpdateLine } from '../addressImport/download/updateImports.js';
import { stateCode } from '#shared/germanStates.js';

const megabytes = (bytes: number) =>
  (bytes / 1e6).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatDownloadProgress(received: number, total: number | undefined): string {
  if (total === undefined) return `Herunterladen: ${megabytes(received)} MB`;
  const share = Math.floor((100 * received) / Math.max(total, 1));
  return `Herunterladen: ${megabytes(received)} von ${megabytes(total)} MB (${share} %)`;
}

export function formatDownloaded(
  download: Extract<DownloadResult, { status: 'downloaded' }>,
): string {
  return (
    `Heruntergeladen: ${download.path}, ${download.size.toLocaleString('de-DE')} Bytes ` +
    `(${megabytes(download.size)} MB), sha256 ${download.sha256}`
  );
}

/** "NW: unverändert", "HE: neu importiert, 1.634.211 Punkte, Stand 2026-10-01". */
export function formatUpdateLine(line: UpdateLine): string {
  const state = stateCode(line.state) ?? line.state;
  switch (line.status) {
    case 'not_modified':
      return `${state}: unverändert`;
    case 'unchanged':
      return `${state}: unverändert (dieselbe Datei wie eingelesen)`;
    case 'imported': {
      const { summary } = line.outcome;
      return (
        `${state}: neu importiert, ${summary.rowsKept.toLocaleString('de-DE')} Punkte, ` +
        `Stand ${dataDateText(summary) ?? 'unbekannt'}`
      );
    }
    case 'manual':
      return `${state}: nur von Hand herunterzuladen. ${line.steps}`;
    case 'failed':
      return `${state}: Fehler: ${line.error.message}`;
  }
}
