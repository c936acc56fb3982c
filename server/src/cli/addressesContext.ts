// What every `npm run addresses:*` command works with: the configuration
// (DATABASE_URL, ADDRESS_SOURCES_FILE, ADDRESS_FILES_DIR), the registry, the
// migrated database, and a signal that Ctrl-C aborts, so an import or a
// download ends cleanly instead of leaving rows or a broken file behind.
import { loadConfig, type Config } from '../config/config.js';
import { AddressImportError } from '../addressImport/addressImportError.js';
import {
  loadAddressSources,
  type AddressSources,
} from '../geocoding/officialPoints/addressSources.js';
import { OfficialPointRepository } from '../geocoding/officialPoints/officialPointRepository.js';
import { openCommandDatabase, type CommandDatabase } from './commandDatabase.js';
import type { CommandIo } from './commandIo.js';

export interface AddressCommandContext extends CommandDatabase {
  config: Readonly<Config>;
  sources: AddressSources;
  repository: OfficialPointRepository;
  /** Prints one line of the command's report, or of its failures. */
  print(text: string): void;
  printError(text: string): void;
}

export async function openAddressCommand(io: CommandIo): Promise<AddressCommandContext> {
  const config = loadConfig(io.env);
  const sources = loadAddressSources(config.addresses.sourcesFile);
  const opened = await openCommandDatabase(
    config.databaseUrl,
    (message) => new AddressImportError('not_migrated', message),
  );
  return {
    ...opened,
    config,
    sources,
    repository: new OfficialPointRepository(opened.db.sequelize),
    print: io.out,
    printError: io.err,
  };
}

/** A line rewritten in place on a terminal (nothing when stderr is a file or a pipe). */
export function terminalTicker(intervalMs = 250): ((text: string) => void) & { end(): void } {
  let last = 0;
  let shown = false;
  const tick = (text: string) => {
    const now = Date.now();
    if (!process.stderr.isTTY || now - last < intervalMs) return;
    last = now;
    shown = true;
    process.stderr.write(`\r${text}   `);
  };
  return Object.assign(tick, {
    end: () => {
      if (shown) process.stderr.write('\n');
      shown = false;
    },
  });
}
