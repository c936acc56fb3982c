import { defineConfig } from 'vitest/config';

// One runner for every part. Test files mirror the source tree under test/.
// Files run in separate forks; tests that share an outside service (MariaDB,
// Redis) isolate themselves by a database or key prefix of their own. One
// worker per core: the tests mostly wait on loopback servers, and Vitest's
// default (cores - 1) runs them one file at a time on a 2-core CI machine
// (15 min instead of 10).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
