// `npm run addresses:import` and `addresses:status` as an operator runs them:
// on the service's database, German output, exit code 1 for every refusal, 130
// for Ctrl-C. The CLI's main function runs in this process (a process of its own
// costs seconds of transpiling per command); Ctrl-C goes to a process of its own,
// the smoke test of the entry point.
import { execFile } from 'node:child_process';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gebrefLine } from '#dev/fakes/houseCoordinateFiles.js';
import { openDatabase } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { runAddresses } from '#server/cli/addressesRun.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { MUENSTER, writeHouseFile } from '../../support/houseCoordinateImport.js';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function addresses(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAddresses(['node', 'addresses.ts', ...args], {
    // A clean environment, as for another process (Vitest sets BASE_URL=/ in its own).
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl },
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

function started(databaseUrl: string, ...args: string[]) {
  let child: ReturnType<typeof execFile> | undefined;
  const done = new Promise<CliResult>((resolve) => {
    child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/addresses.ts', ...args],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
  return { done, interrupt: () => child?.kill('SIGINT') };
}

describe('npm run addresses:import and addresses:status', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
  });
  afterAll(async () => {
    await drop();
  });

  it('refuses a database that npm start has not migrated', async () => {
    const file = writeHouseFile('gebref.txt', `${gebrefLine(MUENSTER, 1)}\n`);
    const result = await addresses(url, 'import', '--state', 'NW', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Die Datenbank ist nicht auf dem aktuellen Stand');
  });

  it('imports a file, prints its summary, and lists it in the status', async () => {
    const db = await openDatabase(url);
    await migrate(db.sequelize);
    await db.close();
    const file = writeHouseFile(
      'gebref.txt',
      `${[gebrefLine(MUENSTER, 1), gebrefLine({ ...MUENSTER, number: '11', quality: 'C' }, 2)].join('\n')}\n`,
    );
    const imported = await addresses(url, 'import', '--state', 'NW', file);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'DE-NW: 2 Zeilen gelesen, 1 übernommen, ausgelassen: Qualität C (geschätzt) 1',
    );
    expect(imported.stdout).toContain('Format gebref, Datenstand 2026-07-01');
    const status = await addresses(url, 'status');
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(
      /DE-NW Nordrhein-Westfalen: 1 Punkte, Datenstand 2026-07-01, Datei gebref\.txt, eingelesen 20\d\d-/,
    );
    expect(status.stdout).toContain(
      'DE-BY Bayern: keine offenen Hauskoordinaten; Adressen über den Geokodierer (https://nominatim.openstreetmap.org)',
    );
    expect(status.stdout).toContain('DE-BW Baden-Württemberg: keine Hauskoordinaten eingelesen');
  });

  it('exits with 1 and a message for an unknown state or a wrong --format', async () => {
    const unknown = await addresses(url, 'import', '--state', 'XY', '/nonexistent');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Fehler: Unbekanntes Land „XY“');
    const format = await addresses(url, 'import', '--state', 'NW', '--format', 'csv', '/x');
    expect(format.code).toBe(1);
    expect(format.stderr).toContain("option '--format <format>' argument 'csv' is invalid");
  });

  it('ends an import on Ctrl-C with a German message, exit code 130 and its rows removed at once', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) =>
      gebrefLine(
        { ...MUENSTER, street: `Teststraße ${i % 700}`, number: String(1 + Math.floor(i / 700)) },
        i,
      ),
    );
    const file = writeHouseFile('long.txt', `${rows.join('\n')}\n`);
    const db = await openDatabase(url);
    try {
      const before = await db.sequelize.query<{ n: number }>(
        'SELECT COUNT(*) AS n FROM house_points',
        {
          type: QueryTypes.SELECT,
        },
      );
      const run = started(url, 'import', '--state', 'NW', file);
      // Ctrl-C once the import has written rows.
      const loading = async () => {
        const [row] = await db.sequelize.query<{ n: number }>(
          `SELECT COUNT(*) AS n FROM house_points p JOIN house_point_imports i ON i.id = p.import_id
           WHERE i.status = 'loading'`,
          { type: QueryTypes.SELECT },
        );
        return Number(row?.n);
      };
      const deadline = Date.now() + 30_000;
      while ((await loading()) === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      run.interrupt();
      const result = await run.done;
      expect(result.code).toBe(130);
      expect(result.stderr).toContain('Fehler: Der Import wurde abgebrochen (Strg+C).');
      const after = await db.sequelize.query<{ n: number }>(
        'SELECT COUNT(*) AS n FROM house_points',
        {
          type: QueryTypes.SELECT,
        },
      );
      expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
      const [stopped] = await db.sequelize.query<{ status: string }>(
        `SELECT status FROM house_point_imports ORDER BY id DESC LIMIT 1`,
        { type: QueryTypes.SELECT },
      );
      expect(stopped?.status).toBe('refused');
    } finally {
      await db.close();
    }
  });
});
