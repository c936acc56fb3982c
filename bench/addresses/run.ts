// `npm run bench:addresses [-- --rows N] [--no-mariadb] [--no-sqlite]`: generates a GEBREF
// file of NW's real size (4.5 million rows), imports it into a fresh SQLite
// file and a fresh MariaDB database beside MYSQL_URL's (default the local
// test server), each in a process of its own, and prints time, rows/s, peak RSS,
// database growth and the match latency at that size (addresses typed with
// their postcode, so the postcode checks run).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { mariadbLocation } from '../support/benchDatabase.js';
import { IMPORT_NODE_OPTIONS } from '../support/startOptions.js';
import { writeGebrefFile } from './gebrefGenerator.js';

const options = new Command()
  .name('bench:addresses')
  .option('--rows <n>', 'rows of the generated file', '4500000')
  .option('--no-mariadb', 'SQLite only')
  .option('--no-sqlite', 'MariaDB only')
  .parse()
  .opts<{ rows: string; mariadb: boolean; sqlite: boolean }>();

const dir = mkdtempSync(join(tmpdir(), 'brw-bench-addresses-'));
try {
  const file = join(dir, 'gebref.txt');
  const generated = performance.now();
  const { rows } = await writeGebrefFile(file, Number(options.rows));
  console.log(
    `generated ${rows.toLocaleString('en')} rows, ${Math.round(statSync(file).size / 1e6)} MB, in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
  );
  const targets: { name: string; url: string; drop?: () => Promise<void> }[] = [];
  if (options.sqlite) targets.push({ name: 'SQLite', url: `sqlite:${join(dir, 'bench.sqlite')}` });
  if (options.mariadb) {
    const mysql = await mariadbLocation(
      process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
    );
    targets.push({ name: 'MariaDB', url: mysql.url, drop: mysql.drop });
  }
  const lines = [
    '| database | import (s) | rows/s | peak RSS (MB) | database growth (MB) | match p50 / p99 (ms) | hits |',
    '| -------- | ---------: | -----: | ------------: | -------------------: | -------------------------: | ---------: |',
  ];
  for (const target of targets) {
    const output = execFileSync(
      process.execPath,
      [
        ...IMPORT_NODE_OPTIONS,
        '--import',
        'tsx',
        join(import.meta.dirname, 'importChild.ts'),
        target.url,
        file,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
    );
    const r = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Record<
      string,
      number | string
    >;
    const seconds = Number(r.seconds);
    lines.push(
      `| ${target.name} | ${seconds.toFixed(1)} | ${Math.round(Number(r.rowsRead) / seconds).toLocaleString('en')} | ${r.importPeakRssMb} | ${r.databaseGrowthMb} | ${r.matchP50Ms} / ${r.matchP99Ms} | ${r.exactMatches} |`,
    );
    await target.drop?.();
  }
  console.log(
    `\n${rows.toLocaleString('en')} rows (targets: import ≤ 180 s, peak RSS ≤ 300 MB, p50 ≤ 1 ms, p99 ≤ 5 ms)\n`,
  );
  console.log(lines.join('\n'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
