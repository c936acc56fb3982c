// Every record of the table of spreadsheet functions, in the built Excel
// add-in: the function exists (a stub of its id), a formula of it asks the
// request the table names, and the workbook keeps its answer under the key
// the table derives (cellKeys) from its arguments as the table reads them.
// The arguments come from the records: the first one per kind of request
// (an address the stand-in knows, a parcel it knows), the other required ones
// by their names, the optional ones omitted.
import { describe, expect, it } from 'vitest';
import {
  ASKING_FUNCTIONS,
  BATCH_PATH,
  FLURSTUECK_PATH,
  SPREADSHEET_FUNCTIONS,
  cellKeys,
  readArguments,
  readStichtagArgument,
  type SpreadsheetFunction,
} from '#shared/index.js';
import { joinParts, PART_NAMESPACE } from '../../excel-addin/src/workbook/workbookPart.js';
import { MARKET_ADDRESSES } from '../support/marketDataAnswers.js';
import { MIXED_KENNZEICHEN } from '../support/parcelAnswers.js';
import { builtAddinAndStandIn, entry } from './support/standInApi.js';
import { deviceWith, openSession } from './support/workbookSession.js';

const world = builtAddinAndStandIn();
const LOOKUP_ADDRESS = 'Tafelweg 1, 10115 Berlin';

/** The first argument the stand-in answers, by what the function asks. */
const FIRST: Record<SpreadsheetFunction['request']['kind'], string> = {
  lookup: LOOKUP_ADDRESS,
  parcel: MIXED_KENNZEICHEN,
  get: MARKET_ADDRESSES.dortmund,
  local: '',
};
/** Required arguments after the first, by name (the stand-in's answers know these). */
const REQUIRED: Record<string, string> = { objektart: 'Mehrfamilienhäuser' };

const sampleArguments = (fn: SpreadsheetFunction): (string | null)[] =>
  fn.args.map((arg, i) =>
    i === 0 ? FIRST[fn.request.kind] : arg.optional ? null : (REQUIRED[arg.name] ?? ''),
  );

const quoted = (value: string | null) => (value === null ? '' : `"${value.replace(/"/g, '""')}"`);

const pathOf = (fn: SpreadsheetFunction) =>
  fn.request.kind === 'lookup'
    ? BATCH_PATH
    : fn.request.kind === 'parcel'
      ? FLURSTUECK_PATH
      : fn.request.kind === 'get'
        ? fn.request.path
        : undefined;

describe('the table of spreadsheet functions in the Excel add-in', () => {
  it('has a function of each id of the table', async () => {
    const host = await openSession({ dir: world.dir });
    expect([...host.ids()].sort()).toEqual(SPREADSHEET_FUNCTIONS.map((fn) => fn.excel).sort());
    await host.close();
  });

  it.each(ASKING_FUNCTIONS.map((fn) => [fn.excel, fn] as const))(
    'BRW.%s asks the request of the table and keeps its answer under the key of the table',
    async (_id, fn) => {
      world.api.setScenario(LOOKUP_ADDRESS, {
        kind: 'found',
        entries: [entry({ brw_euro_pro_m2: 420 })],
      });
      const host = await openSession({
        dir: world.dir,
        device: deviceWith({ url: world.api.url, key: world.api.apiKey }),
      });
      const asked = world.api.requests.length;
      const args = sampleArguments(fn);
      host.enter('B2', `=BRW.${fn.excel}(${args.map(quoted).join(',')})`);
      await host.settled();
      expect(world.api.requests.slice(asked).map((r) => r.path)).toContain(pathOf(fn));

      const read = readArguments(fn, args, (value) => readStichtagArgument(value));
      if (!read.ok) throw read.error;
      const expected = cellKeys(fn, read.value)?.answerKey;
      const parts = host.save().customXmlParts.filter((p) => p.namespaceUri === PART_NAMESPACE);
      const kept = JSON.parse(joinParts(parts.map((p) => p.xml)) ?? '{}') as {
        cells?: Record<string, { keys: string[][] }>;
      };
      expect(expected).toBeDefined();
      expect(Object.values(kept.cells ?? {}).map((cell) => cell.keys[0]?.[0])).toEqual([expected]);
      await host.close();
    },
  );
});
