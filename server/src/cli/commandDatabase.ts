// What every import command (`npm run addresses:*`, `zones:*`) opens the same
// way: the service's database, refused unless migrated (the service migrates
// it on start, a command never does), and a signal that the first Ctrl-C
// aborts, so the work ends cleanly instead of leaving rows or a broken file
// behind; a second Ctrl-C ends the process at once.
import { openDatabase, type Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';

export interface CommandDatabase {
  db: Database;
  signal: AbortSignal;
  close(): Promise<void>;
}

/** `notMigrated` makes the command's own error from the German message. */
export async function openCommandDatabase(
  databaseUrl: string,
  notMigrated: (message: string) => Error,
): Promise<CommandDatabase> {
  const db = await openDatabase(databaseUrl);
  const pending = await pendingMigrations(db.sequelize);
  if (pending.length > 0) {
    await db.close();
    throw notMigrated(
      `Die Datenbank ist nicht auf dem aktuellen Stand (offen: ${pending.join(', ')}). ` +
        'Bitte zuerst den Dienst einmal starten (npm start), der sie migriert.',
    );
  }
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  return {
    db,
    signal: controller.signal,
    close: async () => {
      process.off('SIGINT', interrupt);
      await db.close();
    },
  };
}
