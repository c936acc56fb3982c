// `npm run addresses:import -- --state NW [file] [--url <url>] [--format …]`:
// a file given is imported as it is; without one, the state's file is
// downloaded from the registry's address (or --url, an operator's mirror)
// into ADDRESS_FILES_DIR and imported.
import type { FormatName } from '../geocoding/officialPoints/addressSources.js';
import { openHouseFile } from '../addressImport/formats/openHouseFile.js';
import { downloadAndImport } from '../addressImport/download/downloadAndImport.js';
import { importHouseFile, type ImportDeps } from '../addressImport/importHouseFile.js';
import { systemClock } from '../time/clock.js';
import { terminalTicker, type AddressCommandContext } from './addressesContext.js';
import { formatDownloaded, formatDownloadProgress } from './addressesDownloadOutput.js';
import { formatOutcome, formatProgress } from './addressesOutput.js';

export interface ImportOptions {
  state: string;
  format?: FormatName;
  url?: string;
}

export async function runImport(
  context: AddressCommandContext,
  file: string | undefined,
  options: ImportOptions,
): Promise<void> {
  const deps = importDeps(context);
  const { state, format } = options;
  if (file !== undefined) {
    const outcome = await importHouseFile({ state, file, format }, deps);
    deps.onProgress.end();
    context.print(formatOutcome(outcome));
    return;
  }
  const downloaded = await downloadAndImport(
    { state, format, url: options.url },
    downloadDeps(context, deps),
  );
  deps.onProgress.end();
  // An import asks unconditionally: a download always comes.
  if (downloaded.status !== 'not_modified') context.print(formatOutcome(downloaded.outcome));
}

export function importDeps(context: AddressCommandContext) {
  const ticker = terminalTicker(500);
  return {
    repository: context.repository,
    sources: context.sources,
    openFile: openHouseFile,
    clock: systemClock,
    signal: context.signal,
    onProgress: Object.assign(
      (read: number, perSecond: number) => ticker(formatProgress(read, perSecond)),
      { end: ticker.end },
    ),
  } satisfies ImportDeps;
}

export function downloadDeps(context: AddressCommandContext, deps: ReturnType<typeof importDeps>) {
  const ticker = terminalTicker();
  return {
    ...deps,
    filesDir: context.config.addresses.filesDir,
    download: {
      fetch: globalThis.fetch,
      userAgent: context.config.geocoder.userAgent,
      signal: context.signal,
      allowHosts: context.config.addresses.allowHosts,
      onProgress: (received: number, total: number | undefined) =>
        ticker(formatDownloadProgress(received, total)),
    },
    onDownloaded: (download: Parameters<typeof formatDownloaded>[0]) => {
      ticker.end();
      context.print(formatDownloaded(download));
    },
  };
}
