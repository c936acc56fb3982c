// Where a year of a set is read from: a file the operator gave, a file route's
// download (through addressImport's downloader: progress, resume, size,
// sha256, never an HTML page), or a service's address. The download's facts
// are stored with the set, for the update's conditional request.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressImportError } from '../addressImport/addressImportError.js';
import { downloadFile, type DownloadDeps } from '../addressImport/download/httpDownload.js';
import type { ZoneSetDownload } from '../zoneSets/zoneSetRepository.js';
import { indexStamp } from './directoryIndex.js';
import { FILE_ROUTE_KINDS } from './routes/routeKinds.js';
import { yearUrl } from './routes/fileRoute.js';
import { ZoneImportError } from './zoneImportError.js';
import type { RouteInput } from './zoneRoute.js';
import type { ZoneSetDefinition } from './zoneSetRegistry.js';
import { stateCode } from '#shared/germanStates.js';

export interface ZoneSource {
  input: RouteInput;
  /** What the set keeps of where it came from (a file given by hand: its size and sha256). */
  download?: ZoneSetDownload;
  /** The file's name for messages. */
  name: string;
}

export interface ZoneSourceRequest {
  year: number;
  /** A local file as published. */
  file?: string;
  /** Another address than the registry's (a mirror). */
  url?: string;
  /** The validators of the active set's download: nothing is fetched when unchanged. */
  previous?: Pick<ZoneSetDownload, 'etag' | 'lastModified'>;
}

export async function zoneSource(
  set: ZoneSetDefinition,
  request: ZoneSourceRequest,
  deps: DownloadDeps & { filesDir: string },
): Promise<ZoneSource | 'not_modified'> {
  if (request.file !== undefined) {
    const { size, sha256 } = await fileFacts(request.file);
    return {
      input: { file: request.file },
      name: request.file,
      download: { url: `file:${request.file}`, size, sha256 },
    };
  }
  const pattern = (set.route.options as { url?: string }).url;
  if (request.url === undefined && pattern === undefined) {
    throw new ZoneImportError(
      'no_address',
      `Für ${set.name} ist keine feste Download-Adresse bekannt. Die Datei von Hand herunterladen ` +
        `und mit „npm run zones:import -- --state ${stateCode(set.state)} <Datei>“ einlesen.`,
    );
  }
  const url = request.url ?? yearUrl(pattern ?? '', request.year);
  if (!FILE_ROUTE_KINDS.includes(set.route.kind.kind)) return { input: { url }, name: url };
  const folder = join(deps.filesDir, stateCode(set.state));
  // Read before the download: a file replaced meanwhile leaves the older
  // timestamp with the set, so the next update imports the new one.
  const stamp = await indexStamp(set, request.year, url, deps);
  try {
    const result = await downloadFile({ url, folder, previous: request.previous }, deps);
    if (result.status === 'not_modified') return 'not_modified';
    const { etag, lastModified } = result.origin;
    return {
      input: { file: result.path },
      name: url,
      download: {
        url,
        etag,
        lastModified,
        sha256: result.sha256,
        size: result.size,
        indexStamp: stamp,
      },
    };
  } catch (error) {
    throw asZoneError(error, url);
  }
}

/** The downloader's refusals in the words of this command. */
function asZoneError(error: unknown, url: string): unknown {
  if (!(error instanceof AddressImportError)) return error;
  if (error.reason === 'not_a_file') {
    return new ZoneImportError(
      'not_a_file',
      `${url} lieferte eine HTML-Seite statt der Datei (eine Download-Seite, eine Anmeldung oder ` +
        'eine Fehlerseite). Die Datei von Hand herunterladen und mit „npm run zones:import -- ' +
        '--state <Land> <Datei>“ einlesen. Der aktive Zonensatz bleibt unverändert.',
      { cause: error },
    );
  }
  const reason = error.reason === 'interrupted' ? 'interrupted' : 'download_failed';
  return new ZoneImportError(
    reason,
    error.message.replace('nichts wurde ersetzt', 'der aktive Zonensatz bleibt unverändert'),
    { cause: error },
  );
}

async function fileFacts(path: string): Promise<{ size: number; sha256: string }> {
  try {
    const size = (await stat(path)).size;
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return { size, sha256: hash.digest('hex') };
  } catch (error) {
    throw new ZoneImportError('unreadable_file', `Die Datei ${path} ist nicht lesbar.`, {
      cause: error,
    });
  }
}
