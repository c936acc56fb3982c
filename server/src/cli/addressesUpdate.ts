// `npm run addresses:update`: one line per state with active points, in the
// order of the states; exit code 1 when any state failed (a cron job's mail).
import { updateImports } from '../addressImport/download/updateImports.js';
import type { AddressCommandContext } from './addressesContext.js';
import { downloadDeps, importDeps } from './addressesImport.js';
import { formatUpdateLine } from './addressesDownloadOutput.js';

export async function runUpdate(context: AddressCommandContext): Promise<boolean> {
  const deps = downloadDeps(context, importDeps(context));
  let allWell = true;
  for await (const line of updateImports({ ...deps, onDownloaded: undefined })) {
    deps.onProgress.end();
    if (line.status === 'failed') allWell = false;
    (line.status === 'failed' ? context.printError : context.print)(formatUpdateLine(line));
  }
  return allWell;
}
