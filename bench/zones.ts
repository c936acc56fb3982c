// `npm run bench:zones`: a generated year the size of NRW's (≥ 50,000 zones
// of about a square kilometre with 80-point outlines, NRW's shapefile zip
// layout) imported through the real command (a child process with the flags
// of `npm run zones:import`), then 10,000 random points looked up from the
// stored set as the lookup does (active set, spatial index, exact test, the
// mapper). Prints one line:
//   zones: <n> zones imported in <s> s, peak RSS <mb> MB, lookup p50 <x> ms, p99 <y> ms
// Targets: ≤ 180 s, ≤ 400 MB, p50 ≤ 1 ms, p99 ≤ 5 ms on the two-core machine.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nrwZoneZip, type ZoneShape } from '#dev/fakes/zoneShapefile.js';
import { mapNewestEntries } from '#server/sources/mapping/entryMapper.js';
import { createZoneSetAnswers } from '#server/zoneSets/zoneSetAnswers.js';
import { ZoneSetRepository } from '#server/zoneSets/zoneSetRepository.js';
import { systemClock } from '#server/time/clock.js';
import { createBenchDatabase, type BenchDialect } from './support/benchDatabase.js';
import { percentile, round2 } from './support/latencyProbe.js';
import { gridPoint, zoneRing, type ZoneGrid } from './support/zoneGrid.js';

const ZONES = Number(process.env.BENCH_ZONES ?? 50_176);
const LOOKUPS = Number(process.env.BENCH_ZONES_LOOKUPS ?? 10_000);
const DIALECT = (process.env.BENCH_ZONES_DIALECT ?? 'sqlite') as BenchDialect;

/**
 * Cells of about a square kilometre (50,000 of them cover NRW's 34,000 km²
 * and more), outlines of 80 points set 5–45 m into their cell.
 */
const GRID: ZoneGrid = {
  west: 300_000,
  south: 5_600_000,
  columns: Math.ceil(Math.sqrt(ZONES)),
  cell: 1_000,
  sidePoints: 20,
  inset: { min: 5, max: 45 },
};

function zoneAt(i: number): ZoneShape {
  return {
    rings: [zoneRing(GRID, i)],
    values: {
      BRW: `${100 + (i % 900)},${i % 10}0`,
      STAG: '01.01.2025',
      NUTA: ['W', 'M', 'G', 'LW'][i % 4] as string,
      ENTW: 'B',
      GENA: 'Gemeinde',
      WNUM: String(i + 1),
      ORTST: `Zone ${i + 1}`,
      GFZ: '1,0',
    },
  };
}

function runImport(url: string, file: string): Promise<{ seconds: number; peakMb: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      '/usr/bin/time',
      [
        '-f',
        'peak-kb %M',
        process.execPath,
        '--max-old-space-size=256',
        '--import',
        'tsx',
        'server/src/cli/zones.ts',
        'import',
        '--state',
        'NW',
        '--year',
        '2025',
        file,
      ],
      { env: { ...process.env, DATABASE_URL: url }, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`zones:import failed: ${stderr}`));
        process.stderr.write(stdout);
        const kb = Number(/peak-kb (\d+)/.exec(stderr)?.[1] ?? NaN);
        resolve({ seconds: (performance.now() - started) / 1000, peakMb: kb / 1024 });
      },
    );
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-zones-'));
  const file = join(dir, 'BRW_2025_EPSG25832_Shape.zip');
  writeFileSync(
    file,
    nrwZoneZip(
      Array.from({ length: ZONES }, (_, i) => zoneAt(i)),
      { year: 2025 },
    ),
  );
  process.stderr.write(`zip: ${(readFileSync(file).length / 1e6).toFixed(1)} MB, ${ZONES} zones\n`);
  const bench = await createBenchDatabase(DIALECT, process.env.MYSQL_URL ?? '');
  try {
    const imported = await runImport(bench.url, file);
    const answers = createZoneSetAnswers({
      repository: new ZoneSetRepository(bench.db.sequelize),
      clock: systemClock,
    });
    const times: number[] = [];
    let found = 0;
    for (let k = 0; k < LOOKUPS + 200; k += 1) {
      const point = gridPoint(GRID, k);
      const t0 = performance.now();
      const set = await answers.setFor('DE-NW', '2026-11-22');
      if (!set) throw new Error('no active set after the import');
      const entries = mapNewestEntries(await answers.recordsAt(set, point), {
        fallbackGemeinde: undefined,
        today: '2026-11-22',
        numberFormat: set.numberFormat,
        onSkipped: () => undefined,
        onUnreadable: () => undefined,
      });
      // The first 200 warm the JIT and the pool, as the other benchmarks do.
      if (k >= 200) {
        times.push(performance.now() - t0);
        if (entries.length > 0) found += 1;
      }
    }
    process.stderr.write(`${found} of ${LOOKUPS} points inside a zone\n`);
    console.log(
      `zones: ${ZONES} zones imported in ${round2(imported.seconds)} s, peak RSS ${Math.round(imported.peakMb)} MB, ` +
        `lookup p50 ${percentile(times, 0.5)} ms, p99 ${percentile(times, 0.99)} ms`,
    );
  } finally {
    await bench.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
