// `npm run soak`: the reliability suites (test/reliability) in their long
// profile, then the table of figures docs/reliability.md quotes, and the dependency
// audit. Loopback only; bounded by the suites' case counts and time limits.
// `npm run soak -- --ci` runs the bounded CI profile instead.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIGURES = join(ROOT, 'artifacts', 'reliability');
const ci = process.argv.includes('--ci');

interface SuiteFigures {
  suite: string;
  cases: number;
  faults: number;
  serverErrors: Record<string, number>;
  countsLost: number;
  notes: string[];
}

function runSuites(): number {
  // Figures of earlier runs must not mix into this one.
  rmSync(FIGURES, { recursive: true, force: true });
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', 'test/reliability'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, RELIABILITY_PROFILE: ci ? 'ci' : 'soak' },
  });
  console.log(`\nreliability suites: ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status ?? 1;
}

function readFigures(): SuiteFigures[] {
  return readdirSync(FIGURES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(FIGURES, name), 'utf8')) as SuiteFigures);
}

function table(figures: SuiteFigures[]): string {
  const fmt = (errors: Record<string, number>) =>
    Object.entries(errors)
      .map(([key, count]) => `${count}× ${key}`)
      .join(', ') || '–';
  const rows = figures.map(
    (f) => `| ${f.suite} | ${f.cases} | ${f.faults} | ${fmt(f.serverErrors)} | ${f.countsLost} |`,
  );
  const sum = (pick: (f: SuiteFigures) => number) => figures.reduce((a, f) => a + pick(f), 0);
  return [
    '| suite | cases | faults injected | 5xx seen | counts lost |',
    '| --- | ---: | ---: | --- | ---: |',
    ...rows,
    `| **total** | **${sum((f) => f.cases)}** | **${sum((f) => f.faults)}** | | **${sum((f) => f.countsLost)}** |`,
  ].join('\n');
}

function audit(): string {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  try {
    const report = JSON.parse(result.stdout) as {
      metadata?: { vulnerabilities?: Record<string, number> };
      error?: { summary?: string };
    };
    if (report.error) {
      const why =
        report.error.summary || result.stderr.split('\n').find((l) => l.includes('audit'));
      return `npm audit: the registry did not answer the audit request (${why ?? 'no reason given'})`;
    }
    const v = report.metadata?.vulnerabilities ?? {};
    return `npm audit --omit=dev: ${v.critical ?? 0} critical, ${v.high ?? 0} high, ${v.moderate ?? 0} moderate, ${v.low ?? 0} low`;
  } catch {
    return `npm audit: no report (${result.stderr.split('\n').find((l) => l.includes('audit')) ?? 'no answer'})`;
  }
}

const status = runSuites();
const figures = readFigures();
const report = `${table(figures)}\n\n${figures.flatMap((f) => f.notes.map((n) => `- ${f.suite}: ${n}`)).join('\n')}\n\n${audit()}\n`;
writeFileSync(join(FIGURES, 'summary.md'), report);
console.log(`\n${report}`);
process.exit(status);
