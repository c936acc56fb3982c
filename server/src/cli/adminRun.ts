// The main function of `npm run admin -- <command>`: opens the database named
// by DATABASE_URL (migrating it if needed), runs one command, closes, and
// gives the exit code.
import { createPlatformServices, type PlatformServices } from '../accounts/platformServices.js';
import { EmailTakenError } from '../accounts/accountService.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { addBillingCommands } from './billingCommands.js';
import { PlanRequestRepository } from '../accounts/planRequestRepository.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { addAppCommands } from './appCommands.js';
import { createOAuthServices } from '../oauth/oauthServices.js';
import { systemClock } from '../time/clock.js';
import { AdminCommandError, buildAdminProgram } from './adminProgram.js';
import { commanderExitCode, commandOutputTo, type CommandIo } from './commandIo.js';

/** Runs `argv` (as process.argv: node, script, command, options) and answers the exit code. */
export async function runAdmin(argv: readonly string[], io: CommandIo): Promise<number> {
  let db: Database | undefined;
  let services: PlatformServices | undefined;
  const env = {
    clock: systemClock,
    print: io.out,
    async services() {
      if (!services) {
        const config = loadConfig(io.env);
        db = await openDatabase(config.databaseUrl);
        await migrate(db.sequelize);
        services = createPlatformServices(db.sequelize, systemClock, config);
      }
      return services;
    },
  };
  const program = buildAdminProgram(env);
  // Commands of the OAuth and billing parts, over the same database.
  const withDatabase = async () => {
    const platform = await env.services();
    if (!db) throw new Error('the database opens with the services');
    return { platform, sequelize: db.sequelize };
  };
  addAppCommands(program, {
    print: env.print,
    async services() {
      const { platform, sequelize } = await withDatabase();
      const { clients } = createOAuthServices(sequelize, systemClock);
      return { accounts: platform.accounts, oauthClients: clients };
    },
  });
  addBillingCommands(program, {
    print: env.print,
    async services() {
      const { platform, sequelize } = await withDatabase();
      return { accounts: platform.accounts, planRequests: new PlanRequestRepository(sequelize) };
    },
  });
  commandOutputTo(program, io);
  try {
    await program.parseAsync([...argv]);
    return 0;
  } catch (err) {
    const code = commanderExitCode(err);
    if (code !== undefined) return code;
    const expected =
      err instanceof AdminCommandError ||
      err instanceof EmailTakenError ||
      err instanceof ConfigError ||
      err instanceof RangeError;
    io.err(expected ? `error: ${(err as Error).message}` : String((err as Error).stack ?? err));
    return 1;
  } finally {
    await db?.close();
  }
}
