// Preloaded into a server (`node --import ./bench/support/memoryReport.mjs`)
// by bench/profile.ts --memory: on SIGUSR2 it appends where the process's
// memory lies to MEMORY_REPORT_FILE: resident total, the V8 heap by space,
// memory held outside the heap for JavaScript objects (Buffers, ArrayBuffers)
// and what V8 itself allocated with malloc. What is left of the resident
// total is code, native libraries (sqlite3, ICU, OpenSSL) and the C heap.
import { appendFileSync } from 'node:fs';
import process from 'node:process';
import v8 from 'node:v8';

const mb = (bytes) => Math.round((bytes / 1_048_576) * 10) / 10;
const file = process.env.MEMORY_REPORT_FILE;

if (file) {
  process.on('SIGUSR2', () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const spaces = Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((space) => [
          space.space_name,
          { committed: mb(space.physical_space_size), used: mb(space.space_used_size) },
        ]),
    );
    const report = {
      rss: mb(usage.rss),
      heapCommitted: mb(heap.total_physical_size),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      v8Malloced: mb(heap.malloced_memory),
      spaces,
    };
    appendFileSync(file, `${JSON.stringify(report)}\n`);
  });
}
