// Every record of the table of spreadsheet functions, in the built Sheets
// add-on: the custom function exists, a call of it asks the request the table
// names, and the spreadsheet's record keeps its answer under the key the
// table derives (cellKeys, digested as the add-on's record does) from its
// arguments as the table reads them. The arguments come from the records:
// the first one per kind of request (an address the stand-in knows, a parcel
// it knows), the other required ones by their names, the optional ones omitted.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ASKING_FUNCTIONS,
  SPREADSHEET_FUNCTIONS,
  cellKeys,
  readArguments,
  readStichtagArgument,
} from '#shared/index.js';
import { recordKey } from '../../sheets-addon/src/record/cellRecord.js';
import { requestPathOf, sampleArguments } from '../support/tableSamples.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { testStreet } from './support/lookupFixtures.js';

const addon = useAddonWithService();

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the table of spreadsheet functions in the Sheets add-on', () => {
  it('has a custom function of each Sheets name of the table', async () => {
    const runtime = await addon.runtime();
    expect([...runtime.customFunctions].sort()).toEqual(
      SPREADSHEET_FUNCTIONS.map((fn) => fn.sheets).sort(),
    );
  });

  it.each(ASKING_FUNCTIONS.map((fn) => [fn.sheets, fn] as const))(
    '%s asks the request of the table and keeps its answer under the key of the table',
    async (_name, fn) => {
      const runtime = await addon.runtime();
      const args = sampleArguments(fn, testStreet(71), undefined);
      // What the cell shows may be a message (a parcel of two uses without one chosen): it is kept too.
      runtime.call(fn.sheets, ...args);
      const paths = (await addon.service().requests()).map((r) => r.path);
      expect(paths).toContain(requestPathOf(fn));

      const read = readArguments(fn, args, (value) => readStichtagArgument(value));
      if (!read.ok) throw read.error;
      const parts = cellKeys(fn, read.value)?.recordParts;
      if (parts === undefined) throw new Error(`${fn.sheets} derives no key`);
      const key = recordKey({ digest }, parts);
      expect(Object.keys(runtime.documentProperties.getProperties())).toContain(key);
    },
  );
});
