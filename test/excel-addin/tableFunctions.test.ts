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
  SPREADSHEET_FUNCTIONS,
  cellKeys,
  readArguments,
  readStichtagArgument,
} from '#shared/index.js';
import { joinParts, PART_NAMESPACE } from '../../excel-addin/src/workbook/workbookPart.js';
import { requestPathOf, sampleArguments } from '../support/tableSamples.js';
import { builtAddinAndStandIn, entry } from './support/standInApi.js';
import { deviceWith, openSession } from './support/workbookSession.js';

const world = builtAddinAndStandIn();
const LOOKUP_ADDRESS = 'Tafelweg 1, 10115 Berlin';

const quoted = (value: string | null) => (value === null ? '' : `"${value.replace(/"/g, '""')}"`);

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
      const args = sampleArguments(fn, LOOKUP_ADDRESS, null);
      host.enter('B2', `=BRW.${fn.excel}(${args.map(quoted).join(',')})`);
      await host.settled();
      expect(world.api.requests.slice(asked).map((r) => r.path)).toContain(requestPathOf(fn));

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
