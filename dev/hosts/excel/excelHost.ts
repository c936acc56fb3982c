// The Excel stand-in: a workbook (workbook.ts), its calculation (calculation.ts),
// the Excel API the add-in reaches through Excel.run (excelApi.ts), and the
// add-in's runtime loaded from the BUILT add-in. A test or benchmark enters
// cells, inserts rows, saves the workbook and opens it again, on this device or
// another one, and reads what the cells show.
import { parseArea, type Area } from '#shared/client/a1Address.js';
import type { BatchOp } from './batchProtocol.js';
import { Calculation, type Platform } from './calculation.js';
import { cellEditMode } from './cellEdit.js';
import { createBatchExecutor, type HostState } from './excelApi.js';
import { releasedExcelApi } from './releasedApi.js';
import { requestGuard } from './requestLimits.js';
import type { AddinRuntime, StartRuntime } from './runtime.js';
import { vmRuntime } from './vmRuntime.js';
import { Workbook, type Value, type WorkbookFile } from './workbook.js';

/** The newest ExcelApi set of the pinned @types/office-js: a current Microsoft 365 Excel. */
export const NEWEST_EXCEL_API = '1.21';

/** Requirement sets a current Excel supports besides ExcelApi (Office.context.requirements). */
const OTHER_SETS = { SharedRuntime: '1.1', CustomFunctionsRuntime: '1.4' } as const;

export interface OpenOptions {
  /** The built add-in (buildAddin.ts), run in a Node VM unless `runtime` is given. */
  dir: string;
  /** The add-in's runtime; the Node VM runtime of `dir` without it. */
  runtime?: StartRuntime;
  /** A saved workbook to open; a new one with one sheet "Tabelle1" without it. */
  file?: WorkbookFile;
  /**
   * A workbook another session has open (co-authoring): both see its cells and
   * custom XML parts, but what an add-in read into JavaScript is not updated
   * ("Values copied from the workbook to JavaScript variables … are not
   * synchronized", learn.microsoft.com/office/dev/add-ins/excel/co-authoring-in-excel-add-ins).
   */
  workbook?: Workbook;
  /** A new workbook counting dates from 1904. */
  date1904?: boolean;
  /**
   * OfficeRuntime.storage of the user on this device; a new Map is another
   * device or another user ("per user and device", officeruntime.storage).
   */
  device?: Map<string, string>;
  /** Where the workbook opens: Excel on the web recalculates the add-in's cells on load. */
  platform?: Platform;
  /** The newest ExcelApi version the host supports. */
  excelApi?: string;
  /** The first this many requests reaching the custom XML parts fail (requestLimits.ts). */
  failingPartRequests?: number;
  /**
   * Excel recalculates the opened workbook before the add-in's functions are
   * registered (calculation.ts, open()): its cells show #NAME?.
   */
  registeredLate?: boolean;
}

export interface ExcelHost {
  workbook: Workbook;
  device: Map<string, string>;
  /** Every call Excel made of an add-in function. */
  runs: { id: string; cell: string }[];
  /** Enters a constant or (starting with "=") a formula, e.g. enter("B2", "=BRW.BODENRICHTWERT(A2:A9)"). */
  enter(address: string, content: Value): void;
  /** What the cells show, row by row. */
  values(address: string): Value[][];
  value(address: string): Value;
  formula(address: string): string | undefined;
  comment(address: string): string | undefined;
  /** Inserts a row above `row` (1-based), as Start › Einfügen does. */
  insertRow(sheet: string, row: number): void;
  /** A full recalculation (Strg+Alt+F9, Application.calculate(Full)). */
  recalculate(): void;
  select(address: string): void;
  /** The user starts editing a cell: Excel.run fails meanwhile unless it waits (cellEdit.ts). */
  beginCellEdit(): void;
  endCellEdit(): void;
  /** Resolves once no function call runs and nothing happened for `quietMs`. */
  settled(quietMs?: number): Promise<void>;
  /**
   * When the workbook last did something (performance.now()): after settled(),
   * the end of the work itself, without the quiet that settled() waits out.
   */
  lastActivityAt(): number;
  save(): WorkbookFile;
  close(): Promise<void>;
  /** The largest request and answer the add-in's Excel.run sent and got, in bytes. */
  payloads: { largestRequest: number; largestAnswer: number };
  /** Calls a function directly with Excel's arguments (null where omitted) and an invocation. */
  call(id: string, ...args: unknown[]): Promise<unknown>;
  ids(): string[];
}

const SHEET = 'Tabelle1';

export async function openWorkbook(options: OpenOptions): Promise<ExcelHost> {
  // The released API is read from the typings once per process, here rather
  // than in the add-in's first Excel.run: Excel itself has no such parse, so
  // it must not land in the time of a calculation.
  releasedExcelApi();
  const workbook = options.workbook ?? new Workbook(options.file);
  if (options.file === undefined && options.date1904) workbook.date1904 = true;
  const device = options.device ?? new Map<string, string>();
  let selection: Area = parseArea('A1', workbook.sheets[0]?.name ?? SHEET);
  let comments = 0;
  let activity = 0;
  let lastActivityAt = performance.now();
  const act = () => {
    activity++;
    lastActivityAt = performance.now();
  };
  const executors = new Map<
    number,
    (ops: BatchOp[]) => ReturnType<ReturnType<typeof createBatchExecutor>>
  >();
  const excelApi = options.excelApi ?? NEWEST_EXCEL_API;
  const state = (): HostState => ({
    workbook,
    calculation,
    selection,
    excelApi,
    nextCommentId: () => `comment-${++comments}`,
  });
  const guard = requestGuard({
    payloadLimit: options.platform === 'web',
    failingPartRequests: options.failingPartRequests ?? 0,
  });
  const editing = cellEditMode();
  // Excel answers the add-in's batches once the workbook is open and calculated.
  let opened: () => void = () => undefined;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const start = options.runtime ?? vmRuntime({ dir: options.dir });
  const runtime = await start({
    device,
    settings: workbook.settings,
    supportedSets: { ...OTHER_SETS, ExcelApi: excelApi },
    async sendBatch(runId, ops, runOptions) {
      act();
      if (ops === null) {
        executors.delete(runId);
        return undefined;
      }
      await open;
      const answer = await editing.run(runOptions?.delayForCellEdit === true, () => {
        let execute = executors.get(runId);
        if (!execute) {
          execute = createBatchExecutor(state());
          executors.set(runId, execute);
        }
        return guard.run(ops as BatchOp[], execute);
      });
      // The request's end is activity too: a write's work lasts until it is done.
      act();
      return answer;
    },
  });
  // Counts what happens, so settled() knows when the workbook is quiet.
  const addin: AddinRuntime = {
    metadata: runtime.metadata,
    invoke: (call, onResult) => {
      act();
      return runtime.invoke(call, (value) => {
        act();
        onResult(value);
      });
    },
    close: () => runtime.close(),
  };
  const calculation = new Calculation(workbook, addin);
  if (options.file !== undefined)
    calculation.open(options.platform ?? 'desktop', options.registeredLate === true);
  opened();

  const sheetOf = (area: Area) => {
    const sheet = workbook.sheet(area.sheet);
    if (!sheet) throw new Error(`no sheet ${area.sheet}`);
    return sheet;
  };
  const area = (address: string) => parseArea(address, selection.sheet);
  const values = (address: string): Value[][] => {
    const at = area(address);
    const sheet = sheetOf(at);
    return Array.from({ length: at.rows }, (_, r) =>
      Array.from({ length: at.columns }, (_, c) => sheet.value(at.row + r, at.column + c)),
    );
  };

  return {
    workbook,
    device,
    runs: calculation.runs,
    payloads: guard.seen,
    enter(address, content) {
      const at = area(address);
      calculation.enter(sheetOf(at), at.row, at.column, content);
    },
    values,
    value: (address) => values(address)[0]?.[0] ?? null,
    formula(address) {
      const at = area(address);
      return sheetOf(at).get(at.row, at.column)?.formula;
    },
    comment(address) {
      const at = area(address);
      const comment = sheetOf(at).get(at.row, at.column)?.comment;
      return comment && [comment.content, ...comment.replies].join('\n\n');
    },
    insertRow(sheet, row) {
      const target = workbook.sheet(sheet);
      if (!target) throw new Error(`no sheet ${sheet}`);
      calculation.insertRow(target, row - 1);
    },
    recalculate: () => calculation.recalculateAll(),
    select(address) {
      selection = area(address);
    },
    beginCellEdit: () => editing.begin(),
    endCellEdit() {
      act();
      editing.end();
    },
    async settled(quietMs = 100) {
      for (;;) {
        const before = activity;
        await calculation.idle();
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        if (activity === before) return;
      }
    },
    lastActivityAt: () => lastActivityAt,
    save: () => workbook.save(),
    async close() {
      calculation.close();
      await runtime.close();
    },
    async call(id, ...args) {
      if (!runtime.call) throw new Error('the runtime cannot call functions directly');
      const declared = runtime.metadata.functions.find((f) => f.id === id)?.parameters.length ?? 0;
      const given = args.length > declared ? (args[declared] as object) : {};
      const passed = Array.from({ length: declared }, (_, i) => args[i] ?? null);
      return runtime.call(id, passed, { address: `${SHEET}!Z1`, ...given });
    },
    ids: () => runtime.metadata.functions.map((f) => f.id),
  };
}
