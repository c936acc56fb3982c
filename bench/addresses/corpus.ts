// `npm run corpus:addresses -- <dir> [--mariadb] [--not-found] [--ordinary kind]`: runs an
// address corpus kept outside the project (a folder with world.json, the
// official points, and cases.json, the typed cells with what each must
// answer). Each state's points are imported in the layout the state
// publishes, the real service with the loopback stand-ins looks up every
// case over HTTP, and the answers are counted per kind as right, fallback,
// wrong and 5xx. Exits 1 on any wrong answer or 5xx.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import {
  CORPUS_STATES,
  germanyWideSources,
  houseFile,
  judge,
  type Answer,
  type CorpusCase,
  type CorpusPoint,
} from '#dev/fakes/addressCorpus.js';
import { addressTools, writeHouseFile } from '#dev/service/houseCoordinateImport.js';
import { startLookupHarness } from '#dev/service/lookupHarness.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { mariadbLocation } from '../support/benchDatabase.js';

interface RunCase extends CorpusCase {
  /** Whether the case's official point exists and may be answered; default: a point is expected. */
  exists?: boolean;
}

type Verdict = 'right' | 'fallback' | 'wrong' | '5xx';

const options = new Command()
  .name('corpus:addresses')
  .argument('<dir>', 'folder with world.json and cases.json')
  .option('--mariadb', "a fresh MariaDB database beside MYSQL_URL's instead of SQLite")
  .option('--not-found', 'list every case whose point exists but was not answered')
  .option('--ordinary <kind>', 'the kind of ordinary, clean addresses', 'ordinary')
  .parse();
const [dir = ''] = options.args;
const { mariadb, notFound, ordinary } = options.opts<{
  mariadb?: boolean;
  notFound?: boolean;
  ordinary: string;
}>();

const points = JSON.parse(readFileSync(join(dir, 'world.json'), 'utf8')) as CorpusPoint[];
const cases = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as RunCase[];
const ids = new Set(points.map((p) => p.id));
if (ids.size !== points.length) throw new Error('world.json: point ids repeat');
for (const c of cases) {
  if (typeof c.expected === 'object' && !ids.has(c.expected.point))
    throw new Error(`cases.json: ${c.input} expects the unknown point ${c.expected.point}`);
}
const exists = (c: RunCase) => c.exists ?? typeof c.expected === 'object';

const work = mkdtempSync(join(tmpdir(), 'brw-corpus-'));
const database = mariadb
  ? await mariadbLocation(process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test')
  : undefined;
const harness = await startLookupHarness({
  env: { BRW_SOURCES_FILE: await germanyWideSources(work) },
  ...(database ? { databaseUrl: database.url } : {}),
});
const verdicts = new Map<RunCase, { verdict: Verdict; answer: Answer }>();
/** Why no official point answered a case whose point exists (the matcher's own reasons). */
const declined = new Map<RunCase, readonly string[]>();
try {
  const tools = addressTools(harness.server.ctx.db);
  for (const state of CORPUS_STATES) {
    const inState = points.filter((p) => p.state === state);
    if (inState.length === 0) continue;
    const file = writeHouseFile(`${state}.txt`, houseFile(state, inState));
    const { summary } = await tools.import({ state, file });
    if (summary.rowsKept !== inState.length)
      throw new Error(`${state}: ${summary.rowsKept} of ${inState.length} points imported`);
  }
  for (const c of cases) {
    const res = await harness.get({ address: c.input });
    const answer = { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
    const verdict = res.status >= 500 ? '5xx' : judge(c.expected, answer, points);
    verdicts.set(c, { verdict, answer });
    if (notFound && exists(c) && verdict === 'fallback') {
      declined.set(c, (await tools.official.findWithReason(typedAddress(c.input))).declined);
    }
  }
} finally {
  await harness.close();
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
}

const tally = (of: readonly RunCase[]) => {
  const counts: Record<Verdict, number> = { right: 0, fallback: 0, wrong: 0, '5xx': 0 };
  for (const c of of) counts[verdicts.get(c)?.verdict ?? '5xx'] += 1;
  return counts;
};
const row = (name: string, of: readonly RunCase[]) => {
  const t = tally(of);
  return `| ${name} | ${of.length} | ${t.right} | ${t.fallback} | ${t.wrong} | ${t['5xx']} |`;
};
const percent = (of: readonly RunCase[]) =>
  of.length === 0 ? 'n/a' : `${((100 * tally(of).right) / of.length).toFixed(1)} %`;
const answered = (answer: Answer) => {
  const at = answer.coordinates;
  const point =
    at && points.find((p) => Math.abs(p.lat - at.lat) < 1e-5 && Math.abs(p.lon - at.lon) < 1e-5);
  return `${answer.status} ${JSON.stringify(answer.geocoding ?? {})}${point ? ` at ${point.id}` : ''}`;
};

const kinds = [...new Set(cases.map((c) => c.kind))].sort();
console.log(
  `database: ${mariadb ? 'MariaDB' : 'SQLite'}; ${points.length} points, ${cases.length} cases`,
);
console.log('| kind | cases | right | fallback | wrong | 5xx |');
console.log('| ---- | ----: | ----: | -------: | ----: | --: |');
for (const kind of kinds)
  console.log(
    row(
      kind,
      cases.filter((c) => c.kind === kind),
    ),
  );
console.log(row('total', cases));
console.log(
  `ordinary addresses at their official point: ${percent(cases.filter((c) => c.kind === ordinary))}`,
);
console.log(
  `addresses expecting their official point found there: ${percent(cases.filter((c) => typeof c.expected === 'object'))}`,
);
// With the cases whose point exists though the rule forbids the typing to confirm it
// (`exists`, expected fallback: ranges, corners, namesakes), each counted as not found.
console.log(
  `addresses whose official point exists found there, those the rule must decline counted as misses: ${percent(cases.filter(exists))}`,
);
const bad = cases.filter((c) => ['wrong', '5xx'].includes(verdicts.get(c)?.verdict ?? '5xx'));
for (const c of bad) {
  const v = verdicts.get(c);
  console.log(
    `${v?.verdict ?? '5xx'} [${c.kind}] ${c.input} — expected ${JSON.stringify(c.expected)}, answered ${v ? answered(v.answer) : 'nothing'}`,
  );
}
if (notFound) {
  for (const c of cases) {
    const v = verdicts.get(c);
    if (exists(c) && v?.verdict === 'fallback')
      console.log(
        `not found [${c.kind}] ${c.input} — ${answered(v.answer)}; declined: ${(declined.get(c) ?? []).join(', ') || 'no point matched'}`,
      );
  }
}
process.exitCode = bad.length > 0 ? 1 : 0;
