// The loopback lookup harness of dev/service, plus a database of its own of
// the kind a test asks for (SQLite or MariaDB), dropped on close.
import {
  startLookupHarness as startHarness,
  type HarnessOptions as BaseOptions,
  type LookupHarness,
} from '#dev/service/lookupHarness.js';
import { createTestDatabaseUrl, type DatabaseKind } from './database.js';

export { entriesAt, lookupQuery, type LookupHarness } from '#dev/service/lookupHarness.js';

export interface HarnessOptions extends BaseOptions {
  /** A database of its own of this kind, dropped on close (instead of databaseUrl). */
  databaseKind?: DatabaseKind;
}

export async function startLookupHarness(options: HarnessOptions = {}): Promise<LookupHarness> {
  const { databaseKind, ...rest } = options;
  if (!databaseKind) return startHarness(rest);
  const own = await createTestDatabaseUrl(databaseKind);
  const harness = await startHarness({ ...rest, databaseUrl: own.url }).catch(
    async (e: unknown) => {
      await own.drop();
      throw e;
    },
  );
  return {
    ...harness,
    async close() {
      await harness.close();
      await own.drop();
    },
  };
}
