// Runs the table of host scenarios (hosts.ts) against one service and prints
// their `hosts:` lines; writes them as JSON to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXCEL_HOST_SCENARIOS } from './excelHosts.js';
import { SHEETS_60_ZONES } from './hosts/sheets60Zones.js';
import { hostsLine, type HostScenario } from './hosts.js';
import { sheetsPending } from './hosts/sheetsPending.js';
import { startWorkbookService } from './service.js';

/** Every scenario, Excel's first; `only`: the scenarios of one add-in ("excel", "sheets"). */
export const HOST_SCENARIOS: HostScenario[] = [
  ...EXCEL_HOST_SCENARIOS,
  SHEETS_60_ZONES,
  sheetsPending,
];

/** Answers the exit code: 1 when a scenario failed to run. */
export async function runHostScenarios(only?: string): Promise<number> {
  const scenarios = HOST_SCENARIOS.filter(
    (scenario) => only === undefined || scenario.name.startsWith(`${only} `),
  );
  const service = await startWorkbookService({
    addresses: scenarios.reduce((sum, scenario) => sum + scenario.addresses, 0),
    geocoderMs: 10,
    sourceMs: 20,
    concurrency: 8,
    official: false,
    zones: false,
    geocoderIntervalMs: 0,
  });
  let next = 0;
  const context = {
    url: service.url,
    token: service.token,
    charged: service.charged,
    take: (count: number) => service.addresses.slice(next, (next += count)),
  };
  const lines: string[] = [];
  let exitCode = 0;
  try {
    for (const scenario of scenarios) {
      console.log(`${scenario.name} …`);
      try {
        const line = hostsLine(scenario.name, await scenario.run(context));
        console.log(line);
        lines.push(line);
      } catch (error) {
        console.error(`hosts: ${scenario.name}: FAILED`, error);
        exitCode = 1;
      }
    }
  } finally {
    await service.close();
  }
  console.log(`\n${lines.join('\n')}`);
  const dir = join(import.meta.dirname, '../results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `workbook-hosts-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ lines }, null, 2)}\n`);
  console.log(`\n${file}`);
  return exitCode;
}
