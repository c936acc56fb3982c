// What `npm start` builds before it starts (its prestart step): the server
// always through `tsc -b`, which skips an unchanged compile on its own, and
// the Excel add-in only when its inputs or the BASE_URL it was built for
// changed. The add-in's manifest and code carry absolute URLs, so it is built
// for the BASE_URL the service is about to start with (PORT decides it when
// BASE_URL is not set, exactly as the service's configuration does).
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { fingerprint, isCurrent, writeStamp } from './buildStamp.js';

/** Beside the bundle; a dot file, so the server's static route never serves it. */
export const EXCEL_STAMP = join('excel-addin', 'dist', '.build-stamp');

export interface StartBuilders {
  server(): Promise<void>;
  excel(baseUrl: string): Promise<void>;
}

export interface StartBuild {
  baseUrl: string;
  excelBuilt: boolean;
}

export async function buildForStart(
  root: string,
  env: Record<string, string | undefined>,
  builders: StartBuilders,
): Promise<StartBuild> {
  const { baseUrl } = loadConfig(env);
  await builders.server();
  const stampFile = join(root, EXCEL_STAMP);
  const expected = await fingerprint(root, `BASE_URL=${baseUrl}`);
  if (await isCurrent(stampFile, expected)) return { baseUrl, excelBuilt: false };
  await builders.excel(baseUrl);
  await writeStamp(stampFile, expected);
  return { baseUrl, excelBuilt: true };
}
