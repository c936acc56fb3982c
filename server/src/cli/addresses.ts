// Entry point of `npm run addresses:import -- --state NW <file>` and
// `npm run addresses:status`: the states' official house coordinates in the
// database named by DATABASE_URL. The database must be migrated (npm start
// does that); an import refused for any reason exits 1 and replaces nothing.
import { Command, Option } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { AddressImportError } from '../lookup/addresses/addressImportError.js';
import { loadAddressSources } from '../lookup/addresses/addressSources.js';
import { FORMAT_NAMES, type FormatName } from '../lookup/addresses/formats/houseRow.js';
import { openHouseFile } from '../lookup/addresses/formats/openHouseFile.js';
import { HousePointRepository } from '../lookup/addresses/housePointRepository.js';
import { importHouseFile } from '../lookup/addresses/importHouseFile.js';
import { systemClock } from '../time/clock.js';
import { formatOutcome, formatProgress, formatStatus } from './addressesOutput.js';

async function openMigrated(): Promise<{ db: Database; geocoderName: string }> {
  const config = loadConfig(process.env);
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
  return { db, geocoderName: `den Geokodierer (${config.geocoder.url})` };
}

async function main(): Promise<void> {
  const program = new Command('addresses').description(
    "The states' official house coordinates (Hauskoordinaten) in the service's database",
  );
  program
    .command('import')
    .description('Read a state file as published (zip or text) and replace the state points')
    .requiredOption('--state <code>', 'the state, e.g. NW or DE-NW')
    .addOption(
      new Option('--format <format>', 'the dialect, when detection fails').choices(FORMAT_NAMES),
    )
    .argument('<file>', 'the file as the state publishes it')
    .action(async (file: string, options: { state: string; format?: FormatName }) => {
      const sources = loadAddressSources();
      const { db } = await openMigrated();
      const progress = process.stderr.isTTY
        ? (read: number, perSecond: number) =>
            process.stderr.write(`\r${formatProgress(read, perSecond)}   `)
        : undefined;
      try {
        const outcome = await importHouseFile(
          { state: options.state, file, format: options.format },
          {
            repository: new HousePointRepository(db.sequelize),
            sources,
            openFile: openHouseFile,
            clock: systemClock,
            onProgress: progress,
          },
        );
        if (progress) process.stderr.write('\n');
        console.log(formatOutcome(outcome));
      } finally {
        await db.close();
      }
    });
  program
    .command('status')
    .description('Points, data date and file per state')
    .action(async () => {
      const sources = loadAddressSources();
      const { db, geocoderName } = await openMigrated();
      try {
        const active = await new HousePointRepository(db.sequelize).activeImports();
        console.log(formatStatus(sources.all, active, geocoderName));
      } finally {
        await db.close();
      }
    });
  await program.parseAsync(process.argv);
}

main().catch((err: unknown) => {
  const expected = err instanceof AddressImportError || err instanceof ConfigError;
  console.error(expected ? `Fehler: ${err.message}` : err);
  process.exitCode = 1;
});
