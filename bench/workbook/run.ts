// `npm run bench:workbook`: a column of distinct addresses through the Excel
// functions and the Sheets bundle against the real service with loopback
// fakes at realistic latency (geocoder 100 ms, state service 300 ms, geocoder
// politeness off as for a self-hosted geocoder, SOURCE_MAX_CONCURRENCY per
// state service). Prints a table and writes JSON to bench/results/.
// With --official --zones: the addresses' state has a zone set imported too, so
// the column costs no land-value request (counted at the WFS stand-in; any is
// a failure), and its target is a share of the live floor.
// With --reopen: per add-in, a filled workbook opened again in the scenarios of
// its reopen module, one line each.
// With --hosts: the scenarios of the hosts' documented behaviours (hosts.ts),
// one `hosts:` line each, against a service with short upstream latency (they
// measure what the cells keep, not speed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { excelColumn } from './excelColumn.js';
import { excelReopen } from './excelReopen.js';
import { runHostScenarios } from './hostsRun.js';
import type { PassResult } from './measure.js';
import { reopenLine, type ReopenResult } from './reopen.js';
import {
  startWorkbookService,
  type UpstreamCalls,
  type WorkbookServiceSettings,
} from './service.js';
import { sheetsColumn } from './sheetsColumn.js';
import { sheetsReopenLines } from './sheetsReopen.js';

const options = new Command()
  .name('bench:workbook')
  .option('--addresses <n>', 'distinct addresses in the column', '1000')
  .option('--concurrency <n>', 'SOURCE_MAX_CONCURRENCY of the service', '4')
  .option('--only <addin>', 'excel or sheets')
  .option('--reopen', 'fill, save and reopen the workbook in each scenario of the add-ins')
  .option('--hosts', "the scenarios of the hosts' documented behaviours, one line each")
  .option('--official', 'the addresses are official house coordinates the service holds')
  .option('--zones', 'with --official: a zone set of their state answers (no land-value request)')
  .option(
    '--geocoder-interval <ms>',
    'GEOCODER_MIN_INTERVAL_MS of the service (1000: the public Nominatim pace)',
    '0',
  )
  .parse()
  .opts<{
    addresses: string;
    concurrency: string;
    only?: string;
    reopen?: boolean;
    hosts?: boolean;
    official?: boolean;
    zones?: boolean;
    geocoderInterval: string;
  }>();
if (options.zones && !options.official) {
  console.error('--zones needs --official: the zone set is imported for the official addresses');
  process.exit(2);
}

const settings: WorkbookServiceSettings = {
  addresses: Number(options.addresses),
  geocoderMs: 100,
  sourceMs: 300,
  concurrency: Number(options.concurrency),
  official: options.official === true,
  zones: options.zones === true,
  geocoderIntervalMs: Number(options.geocoderInterval),
};
/**
 * What the upstream latency and the per-source bound allow: every address
 * needs one state-service request, at most `concurrency` at once, after the
 * first geocoding (none where official points locate the addresses); at a
 * geocoder's minimum interval the geocodings one after the other may be the
 * slower part.
 */
const floorMs =
  (settings.official ? 0 : settings.geocoderMs) +
  Math.max(
    Math.ceil(settings.addresses / settings.concurrency) * settings.sourceMs,
    settings.official ? 0 : (settings.addresses - 1) * settings.geocoderIntervalMs,
  );

/** The wall time the first fill may take, as a multiple of the live floor. */
const targetFactor = settings.zones ? 0.05 : settings.official ? 1.2 : 1.5;

const addins = {
  excel: { name: 'Excel', run: excelColumn, reopen: excelReopen },
  sheets: { name: 'Sheets', run: sheetsColumn, reopen: sheetsReopenLines },
} as const;

if (options.hosts) {
  process.exitCode = await runHostScenarios(options.only);
  process.exit();
}

if (options.reopen) {
  const results: Record<string, ReopenResult[]> = {};
  for (const [key, addin] of Object.entries(addins)) {
    if (options.only !== undefined && options.only !== key) continue;
    const service = await startWorkbookService(settings);
    try {
      console.log(`${addin.name}: ${settings.addresses} addresses, reopened …`);
      results[addin.name] = await addin.reopen(service);
    } finally {
      await service.close();
    }
  }
  const lines = Object.entries(results).flatMap(([name, rows]) =>
    rows.map((r) => reopenLine(name, r)),
  );
  console.log(`\n${lines.join('\n')}`);
  const dir = join(import.meta.dirname, '../results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `workbook-reopen-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ settings, results }, null, 2)}\n`);
  console.log(`\n${file}`);
  process.exit(0);
}

interface Row extends PassResult {
  addin: string;
}
/** Geocoder and land-value requests of each add-in's whole run. */
const upstreamRequests: Record<string, UpstreamCalls> = {};

const rows: Row[] = [];
for (const [key, addin] of Object.entries(addins)) {
  if (options.only !== undefined && options.only !== key) continue;
  // A fresh service per add-in: cold caches, a new account.
  const service = await startWorkbookService(settings);
  try {
    console.log(`${addin.name}: ${settings.addresses} addresses …`);
    const before = await service.upstreamCalls();
    for (const row of await addin.run(service)) rows.push({ addin: addin.name, ...row });
    const after = await service.upstreamCalls();
    upstreamRequests[addin.name] = {
      geocoder: after.geocoder - before.geocoder,
      landValue: after.landValue - before.landValue,
    };
  } finally {
    await service.close();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const lines = [
  '| add-in | pass | wall time (s) | vs. floor | runs | HTTP requests | lookups charged | cells without value |',
  '| ------ | ---- | ------------: | --------: | ---: | ------------: | --------------: | ------------------: |',
  ...rows
    .map((r) =>
      [
        r.addin,
        r.pass,
        seconds(r.wallMs),
        r.pass === 'first fill' ? `${(r.wallMs / floorMs).toFixed(2)}×` : '–',
        r.runs === undefined
          ? '–'
          : `${r.runs}${r.longestRunMs === undefined ? '' : ` (longest ${seconds(r.longestRunMs)} s)`}`,
        r.requests,
        r.charged,
        r.unfilled,
      ].join(' | '),
    )
    .map((line) => `| ${line} |`),
];
if (rows.length > 0) {
  console.log(
    `\n${settings.addresses} distinct addresses; geocoder ${settings.geocoderMs} ms (at most one every ${settings.geocoderIntervalMs} ms), state service ${settings.sourceMs} ms, SOURCE_MAX_CONCURRENCY ${settings.concurrency}; floor ${seconds(floorMs)} s (target ≤ ${targetFactor}×${settings.zones ? ', answered from a zone set' : ''})\n`,
  );
  console.log(lines.join('\n'));
  const requests = (pick: (calls: UpstreamCalls) => number) =>
    Object.entries(upstreamRequests)
      .map(([name, calls]) => `${name} ${pick(calls)}`)
      .join(', ');
  console.log(
    `\ngeocoder requests: ${requests((c) => c.geocoder)}${settings.official ? ' (addresses located by official house coordinates)' : ''}`,
  );
  console.log(
    `land-value requests: ${requests((c) => c.landValue)}${settings.zones ? ' (target 0: the zone set answers)' : ''}`,
  );
  if (settings.zones && Object.values(upstreamRequests).some((c) => c.landValue > 0)) {
    console.error('FAILED: with a zone set, the column asked the state service');
    process.exitCode = 1;
  }
}

const dir = join(import.meta.dirname, '../results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `workbook-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ settings, floorMs, targetFactor, rows, upstreamRequests }, null, 2)}\n`,
);
console.log(`\n${file}`);
