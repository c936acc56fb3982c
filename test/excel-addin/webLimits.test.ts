// The workbook's record on Excel on the web, in the stand-in with the web's
// documented limit (5 MB per request and per answer, requestLimits.ts): the
// record is written and read in parts of bounded size however large the
// workbook grows, and a read that fails is tried again, never taken as empty.
import { describe, expect, it } from 'vitest';
import { WEB_PAYLOAD_MAX_BYTES } from '#dev/hosts/excel/requestLimits.js';
import { savedWithoutAddin } from '#dev/hosts/excel/withoutAddin.js';
import { cellKey, Workbook, type WorkbookFile } from '#dev/hosts/excel/workbook.js';
import { PART_NAMESPACE } from '../../excel-addin/src/workbook/workbookPart.js';
import { builtAddinAndStandIn, entry } from './support/standInApi.js';
import {
  deviceWith,
  openSession,
  withErrors,
  type CountedHost,
} from './support/workbookSession.js';

const world = builtAddinAndStandIn();
let counter = 0;

/** `count` addresses with answers of about 1.5 kB each, as a zone with a long remark has. */
function addresses(count: number): string[] {
  const remark = 'Richtwert für Mehrfamilienhäuser in offener Bauweise, '.repeat(14);
  return Array.from({ length: count }, (_, i) => {
    const address = `Webweg ${++counter}, 10115 Berlin`;
    world.api.setScenario(address, {
      kind: 'found',
      entries: [entry({ brw_euro_pro_m2: 100 + (i % 900), bemerkung: remark })],
    });
    return address;
  });
}

const withKey = () => deviceWith({ url: world.api.url, key: world.api.apiKey });

/**
 * Settled with every cell filled: on a loaded machine a batch of 4,000 addresses may come
 * back pending, and the add-in asks again after the service's retry_after.
 */
async function filled(host: CountedHost, range: string): Promise<unknown[][]> {
  const deadline = Date.now() + 180_000;
  await host.settled(300);
  while (withErrors(host.values(range)) > 0 && Date.now() < deadline) await host.settled(2000);
  return host.values(range);
}

describe('Excel on the web: 5 MB per request and answer', () => {
  it('keeps 4,000 answers and reads them back on reopening, without a request', async () => {
    const column = addresses(4000);
    const host = await openSession({ dir: world.dir, device: withKey(), platform: 'web' });
    column.forEach((address, i) => host.enter(`A${i + 1}`, address));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A4000)');
    const values = await filled(host, 'B1:B4000');
    expect(values.flat().find((value) => typeof value !== 'number')).toBeUndefined();
    const file = host.save();
    await host.close();

    const parts = file.customXmlParts.filter((part) => part.namespaceUri === PART_NAMESPACE);
    // More than one request's worth: kept in several parts, none over the limit.
    expect(parts.reduce((sum, part) => sum + part.xml.length, 0)).toBeGreaterThan(
      WEB_PAYLOAD_MAX_BYTES,
    );
    expect(parts.length).toBeGreaterThan(1);
    expect(host.payloads.largestRequest).toBeLessThanOrEqual(WEB_PAYLOAD_MAX_BYTES);

    const reopened = await openSession({
      dir: world.dir,
      file,
      device: withKey(),
      platform: 'web',
    });
    await reopened.settled(300);
    expect(reopened.values('B1:B4000')).toEqual(values);
    expect(reopened.requests).toEqual([]);
    expect(reopened.payloads.largestAnswer).toBeLessThanOrEqual(WEB_PAYLOAD_MAX_BYTES);
    await reopened.close();
  }, 300_000);

  it('a failing first read of the record does not lose it: the cells show their kept values', async () => {
    const column = addresses(20);
    const host = await openSession({ dir: world.dir, device: withKey() });
    column.forEach((address, i) => host.enter(`A${i + 1}`, address));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A20)');
    await host.settled();
    const values = host.values('B1:B20');
    expect(withErrors(values)).toBe(0);
    const file = host.save();
    await host.close();

    const reopened = await openSession({
      dir: world.dir,
      file,
      device: withKey(),
      platform: 'web',
      failingPartRequests: 1,
    });
    await reopened.settled(300);
    expect(reopened.values('B1:B20')).toEqual(values);
    expect(reopened.requests).toEqual([]);
    await reopened.close();
  });
});

/** The file with `rows` cells below its first sheet's cells, each a formula of a long text. */
function withLongFormulas(file: WorkbookFile, rows: number): WorkbookFile {
  const text = 'Lagebeschreibung der Zone mit ausführlicher Begründung. '.repeat(18);
  const sheet = file.sheets[0];
  if (sheet === undefined) throw new Error('no sheet');
  for (let row = 10; row < 10 + rows; row++) {
    sheet.cells.push([cellKey(row, 7), { formula: `="${text}${row}"`, value: `${text}${row}` }]);
  }
  return file;
}

describe('Excel on the web: a sheet whose formulas pass 5 MB in one read', () => {
  it('a colleague without the add-in saved it: the repair on load reads it in pieces and restores every cell', async () => {
    const column = addresses(5);
    const host = await openSession({ dir: world.dir, device: withKey() });
    column.forEach((address, i) => host.enter(`A${i + 1}`, address));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A5)');
    host.enter('C1', '=BRW.BODENRICHTWERT(A1)');
    await host.settled();
    const values = host.values('B1:B5');
    const single = host.value('C1');
    expect(withErrors([...values, [single]])).toBe(0);
    const file = withLongFormulas(savedWithoutAddin(host.save()), 6000);
    await host.close();
    const formulas = file.sheets[0]?.cells.map(([, cell]) => cell.formula ?? '') ?? [];
    expect(Buffer.byteLength(JSON.stringify(formulas))).toBeGreaterThan(WEB_PAYLOAD_MAX_BYTES);

    const reopened = await openSession({
      dir: world.dir,
      file,
      device: withKey(),
      platform: 'web',
      serviceDown: true,
    });
    await reopened.settled(300);
    expect(reopened.values('B1:B5')).toEqual(values);
    expect(reopened.value('C1')).toEqual(single);
    expect(reopened.formula('B1')).toBe('=BRW.BODENRICHTWERT(A1:A5)');
    expect(reopened.requests).toEqual([]);
    expect(reopened.payloads.largestAnswer).toBeLessThanOrEqual(WEB_PAYLOAD_MAX_BYTES);
    await reopened.close();
  }, 120_000);
});

describe('two co-authors on one workbook', () => {
  it('keep both their answers: each write merges with what the workbook holds now', async () => {
    const [first, second, third] = addresses(3);
    const shared = new Workbook();
    const a = await openSession({ dir: world.dir, device: withKey(), workbook: shared });
    const b = await openSession({ dir: world.dir, device: withKey(), workbook: shared });
    // B reads the record (and keeps its copy), then A adds an answer, then B another.
    b.enter('A1', first ?? '');
    b.enter('B1', '=BRW.BODENRICHTWERT(A1)');
    await b.settled();
    a.enter('A2', second ?? '');
    a.enter('B2', '=BRW.BODENRICHTWERT(A2)');
    await a.settled();
    b.enter('A3', third ?? '');
    b.enter('B3', '=BRW.BODENRICHTWERT(A3)');
    await b.settled();
    const values = a.values('B1:B3');
    expect(withErrors(values)).toBe(0);
    const file = shared.save();
    await a.close();
    await b.close();

    // Opened elsewhere with the service down: every answer is in the workbook.
    const reopened = await openSession({
      dir: world.dir,
      file,
      platform: 'web',
      serviceDown: true,
    });
    await reopened.settled();
    expect(reopened.values('B1:B3')).toEqual(values);
    expect(reopened.requests).toEqual([]);
    await reopened.close();
  });
});
