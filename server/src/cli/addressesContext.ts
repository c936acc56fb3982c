// What every `npm run addresses:*` command works with: the configuration
// (DATABASE_URL, ADDRESS_SOURCES_FILE, ADDRESS_FILES_DIR), the registry, the
// migrated database, and a signal that Ctrl-C aborts, so an import or a
// download ends cleanly instead of leaving rows or a broken file behind.
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { AddressImportError } from '../addressImport/addressImportError.js';
import {
  loadAddressSources,
  type AddressSources,
} from '../geocoding/officialPoints/addressSources.js';
import { OfficialPointRepository } from '../geocoding/officialPoints/officialPointRepository.js';

export interface AddressCommandContext {
  config: Readonly<Config>;
  sources: AddressSources;
  db: Database;
  repository: OfficialPointRepository;
  signal: AbortSignal;
  close(): Promise<void>;
}

export async function openAddressCommand(): Promise<AddressCommandContext> {
  const config = loadConfig(process.env);
  const sources = loadAddressSources(config.addresses.sourcesFile);
  const db = await openDatabase(config.databaseUrl);
  const pending = await pendingMigrations(db.sequelize);
  if (pending.length > 0) {
    await db.close();
    throw new AddressImportError(
      'not_migrated',
      `Die Datenbank ist nicht auf dem aktuellen Stand (offen: ${pending.join(', ')}). ` +
        'Bitte zuerst den Dienst einmal starten (npm start), der sie migriert.',
    );
  }
  const controller = new AbortController();
  // The first Ctrl-C stops the work cleanly; a second one ends the process at once.
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  return {
    config,
    sources,
    db,
    repository: new OfficialPointRepository(db.sequelize),
    signal: controller.signal,
    close: async () => {
      process.off('SIGINT', interrupt);
      await db.close();
    },
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
