/// <reference types="office-js" />
// The Excel stand-in itself, with a runtime written here instead of the built
// add-in: when it runs functions (open, structural edit, shared streams,
// errors in arguments), and that its Excel API refuses what released Excel lacks.
import { describe, expect, it } from 'vitest';
import { Calculation } from '#dev/hosts/excel/calculation.js';
import { CELL_EDIT_FAILURE, cellEditMode } from '#dev/hosts/excel/cellEdit.js';
import { createBatchExecutor } from '#dev/hosts/excel/excelApi.js';
import { installExcelClient } from '#dev/hosts/excel/excelClient.js';
import type { AddinRuntime, CallValue, RuntimeCall } from '#dev/hosts/excel/runtime.js';
import { savedWithoutAddin } from '#dev/hosts/excel/withoutAddin.js';
import { Workbook, type WorkbookFile } from '#dev/hosts/excel/workbook.js';
import { parseArea } from '#shared/index.js';

/** STREAM streams "live n", ASK answers its argument's first cell, STRICT takes no errors. */
function fakeRuntime() {
  const calls: RuntimeCall[] = [];
  const canceled: string[] = [];
  const runtime: AddinRuntime = {
    metadata: {
      allowErrorForDataTypeAny: true,
      functions: [
        { id: 'STREAM', parameters: [{ name: 'a', type: 'any' }], options: { stream: true } },
        {
          id: 'ASK',
          parameters: [{ name: 'a', type: 'any', dimensionality: 'matrix' }],
          options: { cancelable: true, requiresAddress: true },
        },
        { id: 'STRICT', parameters: [{ name: 'a', type: 'string', dimensionality: 'matrix' }] },
      ],
    },
    invoke(call, onResult: (value: CallValue) => void) {
      calls.push(call);
      const first = call.args[0] as CallValue[][] | CallValue;
      const value = Array.isArray(first) ? (first[0]?.[0] ?? null) : first;
      if (call.id === 'STREAM') onResult(`live ${calls.length}`);
      else onResult(value);
      return () => canceled.push(call.address ?? call.id);
    },
    close: async () => undefined,
  };
  return { runtime, calls, canceled };
}

function workbookWith(cells: Record<string, string | number>, file?: WorkbookFile) {
  const workbook = new Workbook(file);
  const fake = fakeRuntime();
  const calculation = new Calculation(workbook, fake.runtime);
  const [sheet] = workbook.sheets;
  if (!sheet) throw new Error('a new workbook has a sheet');
  for (const [address, content] of Object.entries(cells)) {
    const { row, column } = parseArea(address, sheet.name);
    calculation.enter(sheet, row, column, content);
  }
  const value = (address: string) => {
    const { row, column } = parseArea(address, sheet.name);
    return sheet.value(row, column);
  };
  return { workbook, calculation, sheet, value, ...fake };
}

describe('the Excel stand-in calculation', () => {
  it('on opening resumes streams and runs error cells again, keeps the values of request/response cells; on the web runs all', () => {
    const { workbook, calculation } = workbookWith({
      A1: 'x',
      B1: '=BRW.ASK(A1)',
      C1: '=BRW.STREAM(A1)',
    });
    workbook.sheets[0]?.cells.set('0,3', { formula: '=BRW.ASK(A1)', value: { error: '#N/A' } });
    calculation.close();
    const file = workbook.save();

    const desktop = workbookWith({}, file);
    desktop.calculation.open('desktop');
    expect(desktop.calls.map((c) => [c.id, c.address])).toEqual([
      ['STREAM', undefined],
      ['ASK', 'Tabelle1!D1'],
    ]);
    expect(desktop.value('B1')).toBe('x');

    const web = workbookWith({}, file);
    web.calculation.open('web');
    expect(web.calls.map((c) => c.id).sort()).toEqual(['ASK', 'ASK', 'STREAM']);
  });

  it('opened with the functions registered late, shows #NAME? in the add-in cells and runs nothing', () => {
    const { workbook, calculation } = workbookWith({ A1: 'x', B1: '=BRW.ASK(A1:A2)', C1: 7 });
    calculation.close();
    const late = workbookWith({}, workbook.save());
    late.calculation.open('web', true);
    expect(late.calls).toEqual([]);
    expect(late.value('B1')).toEqual({ error: '#NAME?' });
    expect(late.value('C1')).toBe(7);
  });

  it('saved by an Excel without the add-in: calls renamed _xldudf_, #NAME?, no spill, parts kept', () => {
    const { workbook, calculation, sheet } = workbookWith({
      A1: 'x',
      A2: 'y',
      B1: '=BRW.ASK(A1:A2)',
    });
    sheet.cells.set('1,1', { value: 'y', spillOf: '0,1' });
    // A call inside Excel's own function (the stand-in does not calculate nested calls).
    sheet.cells.set('0,2', { formula: '=SUM(BRW.ASK(A1),1)', value: 'x' });
    workbook.customXmlParts.push({ id: '{1}', namespaceUri: 'urn:x', xml: '<a xmlns="urn:x"/>' });
    calculation.close();
    const file = savedWithoutAddin(workbook.save());
    const cells = new Map(file.sheets[0]?.cells);
    expect(cells.get('0,1')).toEqual({
      formula: '=_xldudf_BRW_ASK(A1:A2)',
      value: { error: '#NAME?' },
    });
    expect(cells.get('0,2')?.formula).toBe('=SUM(_xldudf_BRW_ASK(A1),1)');
    expect(cells.has('1,1')).toBe(false);
    expect(cells.get('0,0')).toEqual({ value: 'x' });
    expect(file.customXmlParts).toHaveLength(1);
  });

  it('binds formulas with the same arguments to one running stream', () => {
    const { calls, value } = workbookWith({
      A1: 'x',
      B1: '=BRW.STREAM(A1)',
      B2: '=BRW.STREAM(A1)',
    });
    expect(calls.filter((c) => c.id === 'STREAM')).toHaveLength(1);
    expect(value('B2')).toBe('live 1');
  });

  it('on inserting a row moves cells and references and runs request/response functions again, not streams', () => {
    const { calculation, sheet, calls, value } = workbookWith({
      A1: 'x',
      A2: 'y',
      B2: '=BRW.ASK(A1:A2)',
      C2: '=BRW.STREAM(A2)',
    });
    const before = calls.length;
    calculation.insertRow(sheet, 1);
    expect(sheet.get(2, 1)?.formula).toBe('=BRW.ASK(A1:A3)');
    expect(calls.slice(before).map((c) => [c.id, c.address])).toEqual([['ASK', 'Tabelle1!B3']]);
    expect(value('A3')).toBe('y');
  });

  it('passes an error of a range only to a parameter of type any; otherwise the cell shows it', () => {
    const { calls, value } = workbookWith({
      A2: '=NA()',
      B1: '=BRW.ASK(A1:A2)',
      C1: '=BRW.STRICT(A1:A2)',
    });
    expect(calls.map((c) => c.id)).toEqual(['ASK']);
    expect(calls[0]?.args[0]).toEqual([[null], [{ error: '#N/A' }]]);
    expect(value('C1')).toEqual({ error: '#N/A' });
  });

  it('sums numbers, skips text and passes errors on', () => {
    const { value, calculation, sheet } = workbookWith({
      A1: 1,
      A2: 'Text',
      A3: 2,
      B1: '=SUM(A1:A3)',
    });
    expect(value('B1')).toBe(3);
    calculation.enter(sheet, 1, 0, '=NA()');
    expect(value('B1')).toEqual({ error: '#N/A' });
  });
});

/** A batch as an add-in writes it, against the released typings. */
type Batch<T> = (context: Excel.RequestContext) => Promise<T>;

describe('the Excel stand-in API', () => {
  async function run<T>(workbook: Workbook, excelApi: string, batch: Batch<T>): Promise<T> {
    const scope: Record<string, unknown> = {};
    const calculation = new Calculation(workbook, fakeRuntime().runtime);
    const executors = new Map<number, ReturnType<typeof createBatchExecutor>>();
    installExcelClient(scope, async (runId, ops) => {
      if (ops === null) return undefined;
      const execute =
        executors.get(runId) ??
        createBatchExecutor({
          workbook,
          calculation,
          selection: parseArea('A1', 'Tabelle1'),
          excelApi,
          nextCommentId: () => 'c1',
        });
      executors.set(runId, execute);
      return execute(ops as never);
    });
    return (scope['Excel'] as { run(b: Batch<T>): Promise<T> }).run(batch);
  }

  it('answers DATE(1904;1;1) by the workbook date system (Workbook.functions, ExcelApi 1.2)', async () => {
    for (const [date1904, serial] of [
      [false, 1462],
      [true, 0],
    ] as const) {
      const workbook = new Workbook();
      workbook.date1904 = date1904;
      const value = await run(workbook, '1.21', async (context) => {
        const day = context.workbook.functions.date(1904, 1, 1);
        day.load('value');
        await context.sync();
        return day.value as number;
      });
      expect(value).toBe(serial);
    }
  });

  it("refuses a preview member (Workbook.use1904DateSystem) and one above the host's ExcelApi with ApiNotFound", async () => {
    const preview = run(new Workbook(), '1.21', async (context) => {
      context.workbook.load('use1904DateSystem');
      await context.sync();
    });
    await expect(preview).rejects.toMatchObject({ code: 'ApiNotFound' });
    const newer = run(new Workbook(), '1.17', async (context) => {
      context.workbook.notes.load('items'); // ExcelApi 1.18
      await context.sync();
    });
    await expect(newer).rejects.toMatchObject({ code: 'ApiNotFound' });
  });

  it('fails a batch while a cell is edited, or runs it after the edit with delayForCellEdit', async () => {
    const editing = cellEditMode();
    const ran: string[] = [];
    const execute = (name: string) => async () => {
      ran.push(name);
      return { loaded: {}, values: {}, nulls: {} };
    };
    editing.begin();
    expect(await editing.run(false, execute('plain'))).toEqual(CELL_EDIT_FAILURE);
    const waiting = editing.run(true, execute('delayed'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toEqual([]);
    editing.end();
    await waiting;
    expect(ran).toEqual(['delayed']);
    await editing.run(false, execute('after'));
    expect(ran).toEqual(['delayed', 'after']);
  });

  it('keeps custom XML parts by namespace in the saved file', async () => {
    const workbook = new Workbook();
    await run(workbook, '1.21', async (context) => {
      context.workbook.customXmlParts.add('<a xmlns="urn:test">1 &amp; 2</a>');
      await context.sync();
    });
    const reopened = new Workbook(workbook.save());
    const xml = await run(reopened, '1.21', async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace('urn:test');
      parts.load('items');
      await context.sync();
      const text = parts.items[0]?.getXml();
      await context.sync();
      return text?.value;
    });
    expect(xml).toBe('<a xmlns="urn:test">1 &amp; 2</a>');
  });
});
