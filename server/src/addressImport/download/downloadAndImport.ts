// `npm run addresses:import -- --state NW` without a file, `--url` and the
// update: download the state's file (from the registry's address, an
// operator's mirror, or the address of the last import) into the state's
// folder under the data folder, then import it. A state whose file must be
// fetched by hand gets its steps, never a download. The folder keeps the file
// of the active import; older files go once a new one is imported, a refused
// one stays for a look (and a retry with --format) until then.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressImportError } from '../addressImportError.js';
import type { FormatName } from '../../geocoding/officialPoints/addressSources.js';
import {
  importHouseFile,
  openSource,
  type ImportDeps,
  type ImportOutcome,
} from '../importHouseFile.js';
import { downloadFile, type DownloadDeps, type DownloadResult } from './httpDownload.js';
import { stateCode } from '#shared/germanStates.js';

export interface DownloadImportRequest {
  state: string;
  /** Another address than the registry's (an operator's mirror). */
  url?: string;
  format?: FormatName;
  /** Ask only whether the file changed since the active import was downloaded from `url`. */
  conditional?: boolean;
}

export interface DownloadImportDeps extends ImportDeps {
  download: DownloadDeps;
  /** The data folder; each state's files go into a folder of its own (NW, HE, …). */
  filesDir: string;
  /** Called between download and import (the command shows size and checksum). */
  onDownloaded?: (download: Extract<DownloadResult, { status: 'downloaded' }>) => void;
}

export type DownloadImportOutcome =
  | { status: 'not_modified'; state: string }
  | {
      status: 'imported' | 'unchanged';
      state: string;
      download: Extract<DownloadResult, { status: 'downloaded' }>;
      outcome: ImportOutcome;
    };

export async function downloadAndImport(
  request: DownloadImportRequest,
  deps: DownloadImportDeps,
): Promise<DownloadImportOutcome> {
  const source = openSource(request.state, deps.sources);
  const url = request.url ?? (source.manual === undefined ? source.download : undefined);
  if (url === undefined) {
    throw new AddressImportError(
      'manual_download',
      `${source.name} bietet seine Hauskoordinaten nicht zum automatischen Download an. ` +
        `${source.manual ?? ''} Nichts wurde geändert.`,
    );
  }
  const active = request.conditional ? await deps.repository.activeImport(source.state) : undefined;
  const previous = active?.origin?.url === url ? active.origin : undefined;
  const folder = join(deps.filesDir, stateCode(source.state));
  const download = await downloadFile(
    { url, folder, previous, ...(source.maxBytes && { maxBytes: source.maxBytes }) },
    deps.download,
  );
  if (download.status === 'not_modified') return { status: 'not_modified', state: source.state };
  deps.onDownloaded?.(download);
  const outcome = await importHouseFile(
    { state: source.state, file: download.path, format: request.format, origin: download.origin },
    deps,
  );
  await keepOnly(folder, download.path);
  return { status: outcome.result, state: source.state, download, outcome };
}

/** Removes the state's older files; an unfinished download (`.part`) stays to be continued. */
async function keepOnly(folder: string, path: string): Promise<void> {
  for (const name of await readdir(folder)) {
    const other = join(folder, name);
    if (other !== path && !/\.part(\.json)?$/.test(name)) await rm(other, { force: true });
  }
}
