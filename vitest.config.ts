import { defineConfig } from 'vitest/config';

// One runner for every part. Test files mirror the source tree under test/.
// Files run in separate forks; tests that share an outside service (MariaDB,
// Redis) isolate themselves by a database or key prefix of their own.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
