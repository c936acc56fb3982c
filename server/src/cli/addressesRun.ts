// The main function of `npm run addresses:import`, `addresses:update` and
// `addresses:status`: the states' official house coordinates in the database
// named by DATABASE_URL. The database must be migrated (npm start does that).
// An import refused for any reason exits 1 and replaces nothing; Ctrl-C ends
// it with 130, its rows removed.
import { Command, Option } from 'commander';
import { ConfigError } from '../config/config.js';
import { AddressImportError } from '../addressImport/addressImportError.js';
import { FORMAT_NAMES, type FormatName } from '../geocoding/officialPoints/addressSources.js';
import { openAddressCommand, type AddressCommandContext } from './addressesContext.js';
import { runImport } from './addressesImport.js';
import { formatStatus } from './addressesOutput.js';
import { runUpdate } from './addressesUpdate.js';
import { commanderExitCode, commandOutputTo, type CommandIo } from './commandIo.js';

/** The exit code of a process ended by SIGINT, as shells report it (128 + 2). */
const INTERRUPTED = 130;

async function withContext(io: CommandIo, work: (context: AddressCommandContext) => Promise<void>) {
  const context = await openAddressCommand(io);
  try {
    await work(context);
  } finally {
    await context.close();
  }
}

/** Runs `argv` (as process.argv: node, script, command, options) and answers the exit code. */
export async function runAddresses(argv: readonly string[], io: CommandIo): Promise<number> {
  let code = 0;
  const program = new Command('addresses').description(
    "The states' official house coordinates (Hauskoordinaten) in the service's database",
  );
  program
    .command('import')
    .description(
      "Import a state's file as published (zip or text); without a file, download it first",
    )
    .requiredOption('--state <code>', 'the state, e.g. NW or DE-NW')
    .addOption(
      new Option('--format <format>', 'the dialect, when detection fails').choices(FORMAT_NAMES),
    )
    .option('--url <url>', "download from this address instead of the registry's (a mirror)")
    .argument('[file]', 'the file as the state publishes it; without it, it is downloaded')
    .action(
      (file: string | undefined, options: { state: string; format?: FormatName; url?: string }) =>
        withContext(io, (context) => runImport(context, file, options)),
    );
  program
    .command('update')
    .description('Download and import what changed since the last download, state by state')
    .action(() =>
      withContext(io, async (context) => {
        if (!(await runUpdate(context))) code = 1;
      }),
    );
  program
    .command('status')
    .description('Points, data date and file per state')
    .action(() =>
      withContext(io, async (context) => {
        const active = await context.repository.activeImports();
        const geocoderName = `den Geokodierer (${context.config.geocoder.url})`;
        context.print(formatStatus(context.sources.all, active, geocoderName));
      }),
    );
  commandOutputTo(program, io);
  try {
    await program.parseAsync([...argv]);
    return code;
  } catch (err) {
    const commander = commanderExitCode(err);
    if (commander !== undefined) return commander;
    const expected = err instanceof AddressImportError || err instanceof ConfigError;
    io.err(expected ? `Fehler: ${err.message}` : String((err as Error).stack ?? err));
    return err instanceof AddressImportError && err.reason === 'interrupted' ? INTERRUPTED : 1;
  }
}
