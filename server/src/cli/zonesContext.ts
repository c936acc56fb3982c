// What every `npm run zones:*` command works with: the configuration
// (DATABASE_URL, ZONE_SETS_FILE, ZONE_FILES_DIR), the registry, the migrated
// database, and a signal that Ctrl-C aborts, so an import ends cleanly with
// the state's active set untouched.
import { loadConfig, type Config } from '../config/config.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { LiegenschaftszinsRepository } from '../zoneSets/liegenschaftszinsRepository.js';
import { ZoneSetRepository } from '../zoneSets/zoneSetRepository.js';
import { ZoneImportError } from '../zoneImport/zoneImportError.js';
import { loadZoneSets, type ZoneSetRegistry } from '../zoneImport/zoneSetRegistry.js';
import { openCommandDatabase, type CommandDatabase } from './commandDatabase.js';
import type { CommandIo } from './commandIo.js';

export interface ZoneCommandContext extends CommandDatabase {
  config: Readonly<Config>;
  registry: ZoneSetRegistry;
  repository: ZoneSetRepository;
  liegenschaftszins: LiegenschaftszinsRepository;
  logger: Logger;
  /** Prints one line of the command's report. */
  print(text: string): void;
}

export async function openZoneCommand(io: CommandIo): Promise<ZoneCommandContext> {
  const config = loadConfig(io.env);
  const registry = loadZoneSets(config.zones.sourcesFile);
  const opened = await openCommandDatabase(
    config.databaseUrl,
    (message) => new ZoneImportError('not_migrated', message),
  );
  return {
    ...opened,
    config,
    registry,
    repository: new ZoneSetRepository(opened.db.sequelize),
    liegenschaftszins: new LiegenschaftszinsRepository(opened.db.sequelize),
    logger: createLogger('warn', { write: (line: string) => io.out(line.replace(/\n$/, '')) }),
    print: io.out,
  };
}
