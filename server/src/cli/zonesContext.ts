// What every `npm run zones:*` command works with: the configuration
// (DATABASE_URL, ZONE_SETS_FILE, ZONE_FILES_DIR), the registry, the migrated
// database, and a signal that Ctrl-C aborts, so an import ends cleanly with
// the state's active set untouched.
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { ZoneSetRepository } from '../zoneSets/zoneSetRepository.js';
import { ZoneImportError } from '../zoneImport/zoneImportError.js';
import { loadZoneSets, type ZoneSetRegistry } from '../zoneImport/zoneSetRegistry.js';

export interface ZoneCommandContext {
  config: Readonly<Config>;
  registry: ZoneSetRegistry;
  db: Database;
  repository: ZoneSetRepository;
  logger: Logger;
  signal: AbortSignal;
  close(): Promise<void>;
}

export async function openZoneCommand(): Promise<ZoneCommandContext> {
  const config = loadConfig(process.env);
  const registry = loadZoneSets(config.zones.sourcesFile);
  const db = await openDatabase(config.databaseUrl);
  const pending = await pendingMigrations(db.sequelize);
  if (pending.length > 0) {
    await db.close();
    throw new ZoneImportError(
      'not_migrated',
      `Die Datenbank ist nicht auf dem aktuellen Stand (offen: ${pending.join(', ')}). ` +
        'Bitte zuerst den Dienst einmal starten (npm start), der sie migriert.',
    );
  }
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  return {
    config,
    registry,
    db,
    repository: new ZoneSetRepository(db.sequelize),
    logger: createLogger('warn'),
    signal: controller.signal,
    close: async () => {
      process.off('SIGINT', interrupt);
      await db.close();
    },
  };
}
