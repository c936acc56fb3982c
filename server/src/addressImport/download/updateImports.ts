// `npm run addresses:update`: every state with active points is asked with
// a conditional request whether its file changed since it was downloaded
// (RFC 9110 §13.1: the ETag and Last-Modified of that download), from the
// address it was downloaded from (the registry's or a mirror), else the
// registry's. A changed file is downloaded and imported; a state whose file
// can only be fetched by hand is named with its steps. One state's failure
// does not stop the others; Ctrl-C stops all.
import { AddressImportError } from '../addressImportError.js';
import type { OfficialPointRepository } from '../../geocoding/officialPoints/officialPointRepository.js';
import {
  downloadAndImport,
  type DownloadImportDeps,
  type DownloadImportOutcome,
} from './downloadAndImport.js';

export type UpdateLine =
  | DownloadImportOutcome
  | { status: 'manual'; state: string; steps: string }
  | { status: 'failed'; state: string; error: AddressImportError | Error };

export interface UpdateDeps extends DownloadImportDeps {
  repository: DownloadImportDeps['repository'] & Pick<OfficialPointRepository, 'activeImports'>;
}

export async function* updateImports(deps: UpdateDeps): AsyncGenerator<UpdateLine> {
  for (const active of await deps.repository.activeImports()) {
    if (deps.signal?.aborted) return;
    const source = deps.sources.find(active.state);
    try {
      yield await downloadAndImport(
        { state: active.state, url: active.origin?.url, conditional: true },
        deps,
      );
    } catch (error) {
      // Ctrl-C ends the whole update, as it ends an import.
      if (error instanceof AddressImportError && error.reason === 'interrupted') throw error;
      if (error instanceof AddressImportError && error.reason === 'manual_download') {
        yield {
          status: 'manual',
          state: active.state,
          steps: source?.import ? (source.manual ?? '') : '',
        };
      } else {
        yield { status: 'failed', state: active.state, error: error as Error };
      }
    }
  }
}
