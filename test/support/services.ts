// Decides whether a test that needs an outside service (MariaDB, Redis,
// Chromium) runs. On a developer's machine a missing service skips the test
// with a clear message; in CI (REQUIRE_TEST_SERVICES=1) it fails instead.
import { existsSync } from 'node:fs';

export const testEnv = {
  mysqlUrl: process.env.MYSQL_URL,
  redisUrl: process.env.TEST_REDIS_URL,
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  requireServices: process.env.REQUIRE_TEST_SERVICES === '1',
} as const;

export interface ServiceAvailability {
  available: boolean;
  /** Why the service is missing, shown as the skip message. */
  reason: string;
}

/**
 * Returns true when the suite should run. Throws when the service is missing
 * and CI demands it, so a skipped suite can never pass silently in CI.
 */
export function serviceAvailable(name: string, availability: ServiceAvailability): boolean {
  if (availability.available) return true;
  const message = `${name} not available (${availability.reason}); set it up to run these tests`;
  if (testEnv.requireServices) {
    throw new Error(`${message}. REQUIRE_TEST_SERVICES=1 makes this a failure.`);
  }
  console.warn(`SKIP: ${message}`);
  return false;
}

export function mysqlAvailability(): ServiceAvailability {
  return testEnv.mysqlUrl
    ? { available: true, reason: '' }
    : { available: false, reason: 'MYSQL_URL is not set' };
}

export function redisAvailability(): ServiceAvailability {
  return testEnv.redisUrl
    ? { available: true, reason: '' }
    : { available: false, reason: 'TEST_REDIS_URL is not set' };
}

export function chromiumAvailability(): ServiceAvailability {
  return existsSync(testEnv.chromiumPath)
    ? { available: true, reason: '' }
    : { available: false, reason: `no browser at ${testEnv.chromiumPath}` };
}
