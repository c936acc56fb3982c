// Entry point of `npm run admin -- <command>`: opens the database named by
// DATABASE_URL (migrating it if needed), runs one command, closes.
import { createPlatformServices, type PlatformServices } from '../accounts/platformServices.js';
import { EmailTakenError } from '../accounts/accountService.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { systemClock } from '../time/clock.js';
import { AdminCommandError, buildAdminProgram } from './adminProgram.js';

async function main(): Promise<void> {
  let db: Database | undefined;
  let services: PlatformServices | undefined;
  const program = buildAdminProgram({
    clock: systemClock,
    print: (text) => console.log(text),
    async services() {
      if (!services) {
        const config = loadConfig(process.env);
        db = await openDatabase(config.databaseUrl);
        await migrate(db.sequelize);
        services = createPlatformServices(db.sequelize, systemClock, config);
      }
      return services;
    },
  });
  try {
    await program.parseAsync(process.argv);
  } finally {
    await db?.close();
  }
}

main().catch((err: unknown) => {
  const expected =
    err instanceof AdminCommandError ||
    err instanceof EmailTakenError ||
    err instanceof ConfigError ||
    err instanceof RangeError;
  console.error(expected ? `error: ${err.message}` : err);
  process.exitCode = 1;
});
