// What one benchmark run measured: a row per scenario, the targets with
// their verdicts, and the machine it ran on; printed as a table and saved as JSON.
import { cpus, freemem, loadavg, totalmem } from 'node:os';

export interface Row {
  id: string;
  scenario: string;
  requestsPerSecond?: number;
  p50Ms: number;
  p99Ms: number;
  peakRssMb: number;
  note?: string;
}

export interface Check {
  target: string;
  measured: string;
  met: boolean;
}

export interface BenchReport {
  startedAt: string;
  quick: boolean;
  machine: Record<string, string | number>;
  rows: Row[];
  checks: Check[];
}

export function machineState(): Record<string, string | number> {
  const [one, five] = loadavg();
  return {
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    freeMemoryGb: Math.round(freemem() / 2 ** 30),
    loadAverage1m: Math.round((one ?? 0) * 100) / 100,
    loadAverage5m: Math.round((five ?? 0) * 100) / 100,
  };
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? '–' : value.toFixed(digits);

export function formatTable(report: BenchReport): string {
  const header = ['', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'peak RSS MB', 'note'];
  const lines = report.rows.map((row) => [
    row.id,
    row.scenario,
    fixed(row.requestsPerSecond, 0),
    fixed(row.p50Ms, 2),
    fixed(row.p99Ms, 2),
    fixed(row.peakRssMb, 0),
    row.note ?? '',
  ]);
  const checks = report.checks.map((check) => [
    check.met ? 'met' : 'MISSED',
    check.target,
    check.measured,
  ]);
  return [markdownTable(header, lines), '', markdownTable(['', 'target', 'measured'], checks)].join(
    '\n',
  );
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
