// The host side of Excel.run: executes a batch of queued commands against the
// stand-in's workbook. Every member an add-in touches must be one the released
// @types/office-js declares for that class (releasedApi.ts) and belong to a
// requirement set the host supports; otherwise the batch fails with
// ApiNotFound, as Excel answers an API it does not have ("ApiNotFound: The API
// you are trying to use could not be found", learn.microsoft.com
// office/dev/add-ins/reference/javascript-api-for-office-error-codes). So a
// preview API (not in the released typings) fails here as on every released Excel.
import { XMLValidator } from 'fast-xml-parser';
import { formatArea, parseArea, type Area } from '#shared/client/a1Address.js';
import type { BatchAnswer, BatchOp, LoadedItem } from './batchProtocol.js';
import { isHandleRef } from './batchProtocol.js';
import type { Calculation } from './calculation.js';
import { compareVersions, releasedExcelApi } from './releasedApi.js';
import {
  isErrorValue,
  type CellComment,
  type Sheet,
  type Value,
  type Workbook,
} from './workbook.js';

export class OfficeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A member of the released API the stand-in does not model: the test needs a bigger stand-in. */
const lacks = (member: string) => new OfficeError('NotImplemented', `stand-in lacks ${member}`);

/** Members every client object has (OfficeExtension.ClientObject). */
const CLIENT_OBJECT_MEMBERS = new Set(['load', 'isNullObject', 'toJSON', 'track', 'untrack']);

export interface HostState {
  workbook: Workbook;
  calculation: Calculation;
  /** The selected cells (Workbook.getSelectedRange). */
  selection: Area;
  /** The newest ExcelApi version the host supports. */
  excelApi: string;
  /** Counts each comment id. */
  nextCommentId: () => string;
}

interface HostObject {
  readonly type: string;
  get(name: string): unknown;
  call?(name: string, args: unknown[]): unknown;
  set?(name: string, value: unknown): void;
}

/** An object of which the stand-in models only some methods. */
function methodsOnly(
  type: string,
  methods: Record<string, (args: unknown[]) => unknown>,
): HostObject {
  return {
    type,
    get: (name) => {
      throw lacks(`${type}.${name}`);
    },
    call: (name, args) => {
      const method = methods[name];
      if (!method) throw lacks(`${type}.${name}()`);
      return method(args);
    },
  };
}

/** What a ClientResult carries (getXml, getCount). */
class ClientResult {
  constructor(readonly value: unknown) {}
}

/** The result of an *OrNullObject method that found nothing. */
class NullObject implements HostObject {
  constructor(readonly type: string) {}
  get(name: string): unknown {
    throw new OfficeError('InvalidObjectPath', `${this.type}.${name}: the object is a null object`);
  }
}

const unknownMember = (type: string, name: string) =>
  new OfficeError(
    'ApiNotFound',
    `The API you are trying to use could not be found: ${type}.${name}`,
  );

function checkReleased(state: HostState, type: string, name: string): void {
  if (CLIENT_OBJECT_MEMBERS.has(name)) return;
  const members = releasedExcelApi().get(type);
  if (members === undefined || !members.has(name)) throw unknownMember(type, name);
  const sets = members.get(name) ?? [];
  if (sets.length === 0) return;
  const supported = sets.some(
    (set) => set.name === 'ExcelApi' && compareVersions(set.version, state.excelApi) <= 0,
  );
  if (!supported)
    throw unknownMember(type, `${name} (${sets.map((s) => `${s.name} ${s.version}`).join(', ')})`);
}

function apiValue(value: Value): unknown {
  if (value === null) return '';
  return isErrorValue(value) ? value.error : value;
}

function valueType(value: Value): string {
  if (value === null || value === '') return 'Empty';
  if (isErrorValue(value)) return 'Error';
  if (typeof value === 'number') return 'Double';
  return typeof value === 'boolean' ? 'Boolean' : 'String';
}

class RangeObject implements HostObject {
  readonly type = 'Range';
  constructor(
    private readonly state: HostState,
    readonly area: Area,
  ) {}

  private sheet(): Sheet {
    const sheet = this.state.workbook.sheet(this.area.sheet);
    if (!sheet) throw new OfficeError('ItemNotFound', `no sheet ${this.area.sheet}`);
    return sheet;
  }

  private matrix<T>(cell: (row: number, column: number) => T): T[][] {
    const { row, column, rows, columns } = this.area;
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => cell(row + r, column + c)),
    );
  }

  get(name: string): unknown {
    const sheet = this.sheet();
    switch (name) {
      case 'address':
        return formatArea(this.area);
      case 'rowIndex':
        return this.area.row;
      case 'columnIndex':
        return this.area.column;
      case 'rowCount':
        return this.area.rows;
      case 'columnCount':
        return this.area.columns;
      case 'values':
        return this.matrix((r, c) => apiValue(sheet.value(r, c)));
      case 'valueTypes':
        return this.matrix((r, c) => valueType(sheet.value(r, c)));
      // A spilled cell has no formula of its own: its formula is its value.
      case 'formulas':
        return this.matrix((r, c) => sheet.get(r, c)?.formula ?? apiValue(sheet.value(r, c)));
      case 'worksheet':
        return new WorksheetObject(this.state, sheet);
      default:
        throw lacks(`Range.${name}`);
    }
  }

  set(name: string, value: unknown): void {
    if (name !== 'formulas' && name !== 'values') {
      throw lacks(`Range.${name} (set)`);
    }
    const sheet = this.sheet();
    const rows = value as Value[][];
    const { row, column } = this.area;
    // "Empty strings ('') clear or reset property values": a '' written into
    // values or formulas empties the cell (learn.microsoft.com/office/dev/
    // add-ins/excel/excel-add-ins-blank-null-values).
    rows.forEach((cells, r) =>
      cells.forEach((cell, c) =>
        this.state.calculation.enter(sheet, row + r, column + c, cell === '' ? null : cell),
      ),
    );
  }

  call(name: string, args: unknown[]): unknown {
    if (name === 'getCell') {
      const [r = 0, c = 0] = args as number[];
      return new RangeObject(this.state, {
        ...this.area,
        row: this.area.row + r,
        column: this.area.column + c,
        rows: 1,
        columns: 1,
      });
    }
    throw lacks(`Range.${name}()`);
  }
}

class WorksheetObject implements HostObject {
  readonly type = 'Worksheet';
  constructor(
    private readonly state: HostState,
    private readonly sheet: Sheet,
  ) {}

  get(name: string): unknown {
    if (name === 'name') return this.sheet.name;
    throw lacks(`Worksheet.${name}`);
  }

  call(name: string, args: unknown[]): unknown {
    if (name === 'getRange') {
      return new RangeObject(this.state, parseArea(String(args[0]), this.sheet.name));
    }
    if (name === 'getUsedRangeOrNullObject') {
      const keys = [...this.sheet.cells].filter(
        ([, cell]) => cell.formula !== undefined || cell.value !== null,
      );
      if (keys.length === 0) return new NullObject('Range');
      const at = keys.map(([key]) => key.split(',').map(Number) as [number, number]);
      const row = Math.min(...at.map(([r]) => r));
      const column = Math.min(...at.map(([, c]) => c));
      const rows = Math.max(...at.map(([r]) => r)) - row + 1;
      const columns = Math.max(...at.map(([, c]) => c)) - column + 1;
      return new RangeObject(this.state, { sheet: this.sheet.name, row, column, rows, columns });
    }
    throw lacks(`Worksheet.${name}()`);
  }
}

class WorksheetCollectionObject implements HostObject {
  readonly type = 'WorksheetCollection';
  constructor(private readonly state: HostState) {}

  get(name: string): unknown {
    if (name === 'items')
      return this.state.workbook.sheets.map((s) => new WorksheetObject(this.state, s));
    throw lacks(`WorksheetCollection.${name}`);
  }

  call(name: string, args: unknown[]): unknown {
    const sheet = (sheetName: string) => this.state.workbook.sheet(sheetName);
    if (name === 'getItem' || name === 'getItemOrNullObject') {
      const found = sheet(String(args[0]));
      if (found) return new WorksheetObject(this.state, found);
      if (name === 'getItem') throw new OfficeError('ItemNotFound', `no sheet ${String(args[0])}`);
      return new NullObject('Worksheet');
    }
    if (name === 'getActiveWorksheet') {
      const found = sheet(this.state.selection.sheet) ?? this.state.workbook.sheets[0];
      if (!found) throw new OfficeError('ItemNotFound', 'no sheet');
      return new WorksheetObject(this.state, found);
    }
    throw lacks(`WorksheetCollection.${name}()`);
  }
}

/** Workbook.functions: the date function is all the add-in asks (ExcelApi 1.2). */
class FunctionsObject implements HostObject {
  readonly type = 'Functions';
  constructor(private readonly state: HostState) {}
  get(name: string): unknown {
    throw lacks(`Functions.${name}`);
  }
  call(name: string, args: unknown[]): unknown {
    if (name !== 'date') throw lacks(`Functions.${name}()`);
    const [year = 1900, month = 1, day = 1] = args as number[];
    // Excel's serial day numbers: day 0 is 1904-01-01 in the 1904 system and 1899-12-31
    // in the 1900 system, which also counts the 29 February 1900 that never was.
    const epoch = this.state.workbook.date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
    const serial = Math.round((Date.UTC(year, month - 1, day) - epoch) / 86_400_000);
    return {
      type: 'FunctionResult',
      get: (prop: string) => (prop === 'value' ? serial : null),
    } satisfies HostObject;
  }
}

class CustomXmlPartObject implements HostObject {
  readonly type = 'CustomXmlPart';
  constructor(
    private readonly state: HostState,
    readonly id: string,
  ) {}
  private part() {
    const part = this.state.workbook.customXmlParts.find((p) => p.id === this.id);
    if (!part) throw new OfficeError('ItemNotFound', `no custom XML part ${this.id}`);
    return part;
  }
  get(name: string): unknown {
    if (name === 'id') return this.id;
    if (name === 'namespaceUri') return this.part().namespaceUri;
    throw lacks(`CustomXmlPart.${name}`);
  }
  call(name: string, args: unknown[]): unknown {
    if (name === 'getXml') return new ClientResult(this.part().xml);
    if (name === 'setXml') {
      this.part().xml = checkedXml(String(args[0])).xml;
      return undefined;
    }
    if (name === 'delete') {
      const parts = this.state.workbook.customXmlParts;
      parts.splice(parts.indexOf(this.part()), 1);
      return undefined;
    }
    throw lacks(`CustomXmlPart.${name}()`);
  }
}

/** "Must be a valid XML fragment" (CustomXmlPartCollection.add); the root's xmlns is its namespace. */
function checkedXml(xml: string): { xml: string; namespaceUri: string } {
  if (XMLValidator.validate(xml) !== true) throw new OfficeError('InvalidArgument', 'invalid XML');
  return {
    xml,
    namespaceUri: /^\s*(?:<\?xml[^>]*\?>\s*)?<[^>\s]+[^>]*\sxmlns="([^"]*)"/.exec(xml)?.[1] ?? '',
  };
}

class CustomXmlPartsObject implements HostObject {
  constructor(
    private readonly state: HostState,
    readonly type: 'CustomXmlPartCollection' | 'CustomXmlPartScopedCollection',
    private readonly namespaceUri?: string,
  ) {}
  private parts() {
    return this.state.workbook.customXmlParts.filter(
      (p) => this.namespaceUri === undefined || p.namespaceUri === this.namespaceUri,
    );
  }
  get(name: string): unknown {
    if (name === 'items') return this.parts().map((p) => new CustomXmlPartObject(this.state, p.id));
    throw lacks(`${this.type}.${name}`);
  }
  call(name: string, args: unknown[]): unknown {
    const parts = this.parts();
    switch (name) {
      case 'add': {
        const part = {
          id: `{${crypto.randomUUID().toUpperCase()}}`,
          ...checkedXml(String(args[0])),
        };
        this.state.workbook.customXmlParts.push(part);
        return new CustomXmlPartObject(this.state, part.id);
      }
      case 'getByNamespace':
        return new CustomXmlPartsObject(
          this.state,
          'CustomXmlPartScopedCollection',
          String(args[0]),
        );
      case 'getCount':
        return new ClientResult(parts.length);
      case 'getOnlyItemOrNullObject':
        return parts.length === 1 && parts[0]
          ? new CustomXmlPartObject(this.state, parts[0].id)
          : new NullObject('CustomXmlPart');
      case 'getItemOrNullObject': {
        const part = parts.find((p) => p.id === String(args[0]));
        return part
          ? new CustomXmlPartObject(this.state, part.id)
          : new NullObject('CustomXmlPart');
      }
      default:
        throw lacks(`${this.type}.${name}()`);
    }
  }
}

interface CommentAt {
  sheet: Sheet;
  row: number;
  column: number;
  comment: CellComment;
}

function allComments(workbook: Workbook): CommentAt[] {
  return workbook.sheets.flatMap((sheet) =>
    [...sheet.cells].flatMap(([key, cell]) => {
      const [row = 0, column = 0] = key.split(',').map(Number);
      return cell.comment ? [{ sheet, row, column, comment: cell.comment }] : [];
    }),
  );
}

class CommentObject implements HostObject {
  readonly type = 'Comment';
  constructor(
    private readonly state: HostState,
    private readonly at: CommentAt,
  ) {}
  get(name: string): unknown {
    if (name === 'content') return this.at.comment.content;
    if (name === 'id') return this.at.comment.id;
    if (name === 'replies') {
      const comment = this.at.comment;
      return methodsOnly('CommentReplyCollection', {
        add: ([content]) => void comment.replies.push(String(content)),
      });
    }
    throw lacks(`Comment.${name}`);
  }
  call(name: string): unknown {
    if (name === 'getLocation') {
      const { sheet, row, column } = this.at;
      return new RangeObject(this.state, { sheet: sheet.name, row, column, rows: 1, columns: 1 });
    }
    throw lacks(`Comment.${name}()`);
  }
}

class CommentCollectionObject implements HostObject {
  readonly type = 'CommentCollection';
  constructor(private readonly state: HostState) {}
  get(name: string): unknown {
    if (name === 'items')
      return allComments(this.state.workbook).map((at) => new CommentObject(this.state, at));
    throw lacks(`CommentCollection.${name}`);
  }
  call(name: string, args: unknown[]): unknown {
    if (name !== 'add') throw lacks(`CommentCollection.${name}()`);
    const [target, content] = args;
    const area = target instanceof RangeObject ? target.area : parseArea(String(target), '');
    // "An InvalidArgument error is thrown if the provided range is larger than one cell."
    if (area.rows !== 1 || area.columns !== 1)
      throw new OfficeError('InvalidArgument', 'more than one cell');
    const sheet = this.state.workbook.sheet(area.sheet);
    if (!sheet) throw new OfficeError('InvalidArgument', `no sheet ${area.sheet}`);
    const cell = sheet.get(area.row, area.column) ?? { value: null };
    // A cell holds one comment thread; further text goes into its replies.
    if (cell.comment) throw new OfficeError('InvalidArgument', 'the cell already has a comment');
    cell.comment = { id: this.state.nextCommentId(), content: String(content), replies: [] };
    sheet.cells.set(`${area.row},${area.column}`, cell);
    return new CommentObject(this.state, {
      sheet,
      row: area.row,
      column: area.column,
      comment: cell.comment,
    });
  }
}

class WorkbookObject implements HostObject {
  readonly type = 'Workbook';
  constructor(private readonly state: HostState) {}
  get(name: string): unknown {
    switch (name) {
      case 'worksheets':
        return new WorksheetCollectionObject(this.state);
      case 'functions':
        return new FunctionsObject(this.state);
      case 'customXmlParts':
        return new CustomXmlPartsObject(this.state, 'CustomXmlPartCollection');
      case 'comments':
        return new CommentCollectionObject(this.state);
      case 'application':
        return methodsOnly('Application', {
          calculate: () => this.state.calculation.recalculateAll(),
        });
      default:
        throw lacks(`Workbook.${name}`);
    }
  }
  call(name: string): unknown {
    if (name === 'getSelectedRange') return new RangeObject(this.state, this.state.selection);
    throw lacks(`Workbook.${name}()`);
  }
}

function isHostObject(value: unknown): value is HostObject {
  return (
    typeof value === 'object' && value !== null && typeof (value as HostObject).get === 'function'
  );
}

/** One Excel.run: handles live as long as the run. */
export function createBatchExecutor(state: HostState) {
  const handles = new Map<string, HostObject>([['workbook', new WorkbookObject(state)]]);
  let itemCount = 0;

  const resolve = (arg: unknown) => (isHandleRef(arg) ? handles.get(arg.handle) : arg);

  function load(target: HostObject, paths: string[], answer: BatchAnswer, handle: string): void {
    const props: Record<string, unknown> = (answer.loaded[handle] ??= {});
    for (const path of paths) {
      const [name = '', ...rest] = path.split('/');
      checkReleased(state, target.type, name);
      const value = target.get(name);
      if (name === 'items' && Array.isArray(value)) {
        props['items'] = value.map((item: HostObject): LoadedItem => {
          const itemHandle = `i${++itemCount}`;
          handles.set(itemHandle, item);
          const itemAnswer: BatchAnswer = { loaded: {}, values: {}, nulls: {} };
          if (rest.length > 0) load(item, [rest.join('/')], itemAnswer, itemHandle);
          return { handle: itemHandle, props: itemAnswer.loaded[itemHandle] ?? {} };
        });
      } else props[name] = value;
    }
  }

  return async function execute(ops: BatchOp[]): Promise<BatchAnswer> {
    const answer: BatchAnswer = { loaded: {}, values: {}, nulls: {} };
    try {
      for (const op of ops) {
        const target = handles.get(op.target);
        if (!target) throw new OfficeError('InvalidObjectPath', `unknown object ${op.target}`);
        if (op.kind === 'load') {
          const paths = (op.args ?? [])
            .flatMap((a) => String(a).split(','))
            .map((p) => p.trim())
            .filter(Boolean);
          load(target, paths, answer, op.target);
          continue;
        }
        checkReleased(state, target.type, op.name);
        if (op.kind === 'set') {
          if (!target.set) throw lacks(`${target.type}.${op.name} (set)`);
          target.set(op.name, op.value);
          continue;
        }
        const result =
          op.kind === 'get'
            ? target.get(op.name)
            : target.call?.(op.name, (op.args ?? []).map(resolve));
        if (op.result === undefined) continue;
        if (result instanceof ClientResult) answer.values[op.result] = result.value;
        else if (isHostObject(result)) {
          handles.set(op.result, result);
          if (op.name.endsWith('OrNullObject'))
            answer.nulls[op.result] = result instanceof NullObject;
        }
      }
    } catch (error) {
      answer.error =
        error instanceof OfficeError
          ? { code: error.code, message: error.message }
          : { code: 'GeneralException', message: String(error) };
    }
    return answer;
  };
}
