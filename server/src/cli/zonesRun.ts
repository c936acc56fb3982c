// The main function of `npm run zones:import`, `zones:update` and
// `zones:check`: the states' complete zone sets in the database named by
// DATABASE_URL. The database must be migrated (npm start does that). A refused
// import exits 1 and leaves the active set; a check exits 1 only when it
// cannot run; Ctrl-C ends it with 130.
import { Command } from 'commander';
import { ConfigError } from '../config/config.js';
import { ROUTE_FAILURES, ZoneImportError } from '../zoneImport/zoneImportError.js';
import { commanderExitCode, commandOutputTo, type CommandIo } from './commandIo.js';
import { openZoneCommand } from './zonesContext.js';
import { runZoneImport, type ZoneImportOptions } from './zonesImport.js';
import { runZoneUpdate } from './zonesUpdate.js';
import { runZoneCheck, type ZoneCheckOptions } from './zonesCheck.js';

/** The exit code of a process ended by SIGINT, as shells report it (128 + 2). */
const INTERRUPTED = 130;

/** Runs `argv` (as process.argv: node, script, command, options) and answers the exit code. */
export async function runZones(argv: readonly string[], io: CommandIo): Promise<number> {
  let code = 0;
  const program = new Command('zones').description(
    "The states' complete Bodenrichtwert zone sets in the service's database",
  );
  program
    .command('import')
    .description("Import one year of a state's zone set from its route (or a file as published)")
    .requiredOption('--state <code>', 'the state, e.g. NW or DE-NW')
    .option('--year <year>', 'the year (default: the newest the registry allows)')
    .option('--dataset <dataset>', 'another dataset of the same route', 'brw')
    .option('--url <url>', "read from this address instead of the registry's (a mirror)")
    .argument('[file]', 'the file as the state publishes it; without it, it is downloaded')
    .action(async (file: string | undefined, options: ZoneImportOptions) => {
      const context = await openZoneCommand(io);
      try {
        await runZoneImport(context, file, options);
      } finally {
        await context.close();
      }
    });
  program
    .command('update')
    .description(
      "Import each state's next or changed year where its file changed (one line per state)",
    )
    .action(async () => {
      const context = await openZoneCommand(io);
      try {
        if (!(await runZoneUpdate(context))) code = 1;
      } finally {
        await context.close();
      }
    });
  program
    .command('check')
    .description("Compare random points of a state's active set with its live service, per field")
    .requiredOption('--state <code>', 'the state, e.g. NW or DE-NW')
    .requiredOption('--sample <n>', 'how many points to compare')
    .option('--dataset <dataset>', 'another dataset of the same route', 'brw')
    .option('--year <year>', 'an older active year (default: the newest, against current values)')
    .option('--seed <seed>', 'repeats the points of an earlier run (printed by every run)')
    .action(async (options: ZoneCheckOptions) => {
      const context = await openZoneCommand(io);
      try {
        await runZoneCheck(context, options);
      } finally {
        await context.close();
      }
    });
  commandOutputTo(program, io);
  try {
    await program.parseAsync([...argv]);
    return code;
  } catch (err) {
    const commander = commanderExitCode(err);
    if (commander !== undefined) return commander;
    const expected = err instanceof ZoneImportError || err instanceof ConfigError;
    if (err instanceof ZoneImportError && ROUTE_FAILURES.includes(err.reason)) {
      // A route's refusal names the page or file; the import kept nothing of it.
      io.err(
        `Fehler: ${err.message.replace(/\.?$/, '.')} Der aktive Zonensatz bleibt unverändert.`,
      );
    } else io.err(expected ? `Fehler: ${err.message}` : String((err as Error).stack ?? err));
    return err instanceof ZoneImportError && err.reason === 'interrupted' ? INTERRUPTED : 1;
  }
}
