// The answers the workbook's cells show, kept in the workbook itself (its
// custom XML part, workbookPart.ts): every answer a cell got (found, not
// found, no data, 451) by its lookup key, and for each formula which lookup
// each of its cells shows (`cells`, by the formula's cell). Whenever Excel runs
// a function again by itself, the cell gets the kept answer: no request, no
// charge, on any device, with or without a key, with the service down. A kept
// answer is replaced only by a newer answer of the service ("Aktualisieren",
// or a formula asking for an address not kept yet). The parcel functions'
// answers (BRW.FLURSTUECK, BRW.BODENWERT_FLURSTUECK) are kept the same way,
// in a map of their own (`parcels`, by parcelAnswerKey), and so are the
// answers of the functions that ask a GET of their own (`requests`, by the
// table's request key: BRW.IMMOBILIENRICHTWERT, BRW.LIEGENSCHAFTSZINS).
//
// The part is read once per session and written after changes, one write at a
// time, the newest state last. Every write first reads the part again and
// takes in what another session (a co-author) kept meanwhile: what a session
// read is not updated by Excel ("Values copied from the workbook to JavaScript
// variables … are not synchronized", learn.microsoft.com/office/dev/add-ins/excel/co-authoring-in-excel-add-ins),
// so writing its copy whole would drop the other's answers. Its size is bounded: an answer that would make
// it larger than `maxChars` is not kept (the cell shows it, but asks again the
// next time Excel runs it), and the task pane says so; kept answers are never
// dropped to make room, since they are what the workbook's cells show.
import {
  isAttribution,
  isObject,
  fromStoredAnswer,
  fromStoredParcel,
  toStoredAnswer,
  toStoredParcel,
  type LookupOutcome,
  type ParcelOutcome,
  type StoredAnswer,
  type StoredParcel,
  type Attribution,
} from '#shared/index.js';
import type { WorkbookPart } from '../workbook/workbookPart.js';

/** What one formula's cells show: the lookup key of each cell ('' where none) and the selection. */
export interface CellRecord {
  keys: string[][];
  nutzungsart?: string;
  feld?: string;
  zone?: string;
  /** BRW.ZONEN: a table of the zones of keys[0][0] under a header row. */
  table?: true;
  /**
   * BRW.FLURSTUECK ('table') and BRW.BODENWERT_FLURSTUECK ('value'): keys[0][0]
   * is a key of `parcels`; `nutzungsart` and `gfz` are the formula's. `true`:
   * kept by an add-in that did not tell the two apart yet; such a formula is
   * fixed only once it has run again.
   */
  parcel?: 'table' | 'value' | true;
  /** BRW.BODENWERT_FLURSTUECK: the GFZ the value is converted to. */
  gfz?: number;
  /** A function asking a GET of its own (its Excel id): keys[0][0] is a key of `requests`. */
  request?: string;
}

/**
 * The answer of a function asking a GET of its own: the value with its
 * stichtag, the day it was fetched, further lines of its note and its source;
 * or the definite error it showed (not found, 451).
 */
export type StoredRequest =
  | { v: number; s?: string; a: string; h?: string[]; q: Attribution }
  | { e: { code: string; message: string } };

export function isStoredRequest(value: unknown): value is StoredRequest {
  if (!isObject(value)) return false;
  if (typeof value['v'] === 'number')
    return typeof value['a'] === 'string' && isAttribution(value['q']);
  const error = value['e'];
  return (
    isObject(error) && typeof error['code'] === 'string' && typeof error['message'] === 'string'
  );
}

export interface WorkbookContents {
  answers: ReadonlyMap<string, StoredAnswer>;
  parcels: ReadonlyMap<string, StoredParcel>;
  requests: ReadonlyMap<string, StoredRequest>;
  /** By the formula's cell ("Tabelle1!B2"). */
  cells: ReadonlyMap<string, CellRecord>;
}

export interface WorkbookAnswersLimits {
  /** Characters of the stored text. */
  maxChars: number;
  /** One answer larger than this is not kept (it would crowd out hundreds of others). */
  maxAnswerChars: number;
}

export interface WorkbookAnswers {
  get(key: string): Promise<LookupOutcome | undefined>;
  /** Keeps the answers about addresses (`asOf`: the date they were asked at). */
  put(outcomes: ReadonlyMap<string, LookupOutcome>, asOf?: string): void;
  getParcel(key: string): Promise<ParcelOutcome | undefined>;
  /** Keeps a parcel answer (found, not found, 451); a failure of the moment is not kept. */
  putParcel(key: string, outcome: ParcelOutcome): void;
  getRequest(key: string): Promise<StoredRequest | undefined>;
  /** Keeps a GET function's answer (a value, or a definite error). */
  putRequest(key: string, answer: StoredRequest): void;
  recordCells(cell: string, record: CellRecord): void;
  forgetCells(cells: readonly string[]): void;
  contents(): Promise<WorkbookContents>;
  /** Resolves when every change so far is written. */
  flushed(): Promise<void>;
  /** Called after every change (the task pane's notice of newer values). */
  onChange(listener: () => void): () => void;
  /** Told when answers did not fit or the part could not be written. */
  onTrouble(listener: (text: string) => void): void;
}

export const notKeptText = (count: number) =>
  `Arbeitsmappe voll: ${count} ${count === 1 ? 'Antwort' : 'Antworten'} nicht in der Arbeitsmappe gespeichert – ` +
  'diese Zellen fragen beim nächsten Neuberechnen erneut. „Werte fixieren“ hält Werte dauerhaft.';

export const WRITE_FAILED_TEXT =
  'Antworten konnten nicht in der Arbeitsmappe gespeichert werden – sie gelten nur bis zum Schließen.';

interface Contents {
  answers: Map<string, StoredAnswer>;
  parcels: Map<string, StoredParcel>;
  requests: Map<string, StoredRequest>;
  cells: Map<string, CellRecord>;
}

function parse(text: string | null): Contents {
  const contents: Contents = {
    answers: new Map(),
    parcels: new Map(),
    requests: new Map(),
    cells: new Map(),
  };
  if (text === null) return contents;
  try {
    const stored = JSON.parse(text) as {
      answers?: unknown;
      parcels?: unknown;
      requests?: unknown;
      cells?: unknown;
    };
    const answers =
      typeof stored.answers === 'object' && stored.answers !== null ? stored.answers : {};
    for (const [key, record] of Object.entries(answers)) {
      if (fromStoredAnswer(record) !== undefined) contents.answers.set(key, record as StoredAnswer);
    }
    const parcels =
      typeof stored.parcels === 'object' && stored.parcels !== null ? stored.parcels : {};
    for (const [key, record] of Object.entries(parcels)) {
      if (fromStoredParcel(record) !== undefined) contents.parcels.set(key, record as StoredParcel);
    }
    const requests = isObject(stored.requests) ? stored.requests : {};
    for (const [key, record] of Object.entries(requests)) {
      if (isStoredRequest(record)) contents.requests.set(key, record);
    }
    const cells = typeof stored.cells === 'object' && stored.cells !== null ? stored.cells : {};
    for (const [cell, record] of Object.entries(cells)) {
      const keys = (record as { keys?: unknown }).keys;
      if (Array.isArray(keys)) contents.cells.set(cell, record as CellRecord);
    }
  } catch {
    // A garbled part is a workbook without kept answers, not an error in every cell.
  }
  return contents;
}

const serialize = (contents: Contents) =>
  JSON.stringify({
    answers: Object.fromEntries(contents.answers),
    parcels: Object.fromEntries(contents.parcels),
    ...(contents.requests.size === 0 ? {} : { requests: Object.fromEntries(contents.requests) }),
    cells: Object.fromEntries(contents.cells),
  });

const entrySize = (key: string, value: unknown) => key.length + JSON.stringify(value).length + 6;

export function createWorkbookAnswers(
  part: WorkbookPart,
  limits: WorkbookAnswersLimits,
): WorkbookAnswers {
  let reading: Promise<Contents> | undefined;
  let size = 0;
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  let writeScheduled = false;
  let notKept = 0;
  const listeners = new Set<() => void>();
  const troubleListeners = new Set<(text: string) => void>();
  const trouble = (text: string) => troubleListeners.forEach((listener) => listener(text));

  /**
   * Read once; a failed read is tried again, and until one succeeds nothing is
   * written, so a passing failure never overwrites the workbook's answers.
   */
  function contents(): Promise<Contents> {
    reading ??= part.read().then(
      (text) => {
        const read = parse(text);
        size = serialize(read).length;
        return read;
      },
      (error: unknown) => {
        reading = undefined;
        throw error;
      },
    );
    return reading;
  }

  /** Cells this session forgot: a co-author's older copy does not bring them back. */
  const forgotten = new Set<string>();

  /** Takes in the records the workbook holds now that this session does not know. */
  async function merged(): Promise<Contents> {
    const current = await contents();
    const now = parse(await part.read());
    const takeIn = <T>(mine: Map<string, T>, theirs: Map<string, T>, skip?: Set<string>) => {
      for (const [key, record] of theirs) {
        if (mine.has(key) || skip?.has(key)) continue;
        mine.set(key, record);
        size += entrySize(key, record);
      }
    };
    takeIn(current.answers, now.answers);
    takeIn(current.parcels, now.parcels);
    takeIn(current.requests, now.requests);
    takeIn(current.cells, now.cells, forgotten);
    return current;
  }

  function changed(): void {
    for (const listener of listeners) listener();
    dirty = true;
    if (writeScheduled) return;
    writeScheduled = true;
    writing = writing.then(async () => {
      writeScheduled = false;
      if (!dirty) return;
      dirty = false;
      try {
        await part.write(serialize(await merged()));
      } catch {
        trouble(WRITE_FAILED_TEXT);
      }
    });
  }

  /** Changes apply in order, each once the part is read. */
  let updating: Promise<void> = Promise.resolve();
  const update = (change: (current: Contents) => boolean) => {
    updating = updating
      .then(() => contents())
      .then(
        (current) => {
          if (change(current)) changed();
        },
        () => trouble(WRITE_FAILED_TEXT),
      );
  };

  /** Keeps the records that fit; a record that does not fit is not kept (the pane says so). */
  function keep<T>(
    mapOf: (current: Contents) => Map<string, T>,
    records: readonly (readonly [string, T])[],
  ): void {
    if (records.length === 0) return;
    update((current) => {
      const map = mapOf(current);
      let skipped = 0;
      for (const [key, record] of records) {
        const added = entrySize(key, record);
        const old = map.get(key);
        const freed = old === undefined ? 0 : entrySize(key, old);
        if (added > limits.maxAnswerChars || size - freed + added > limits.maxChars) {
          skipped += 1;
          continue;
        }
        map.set(key, record);
        size += added - freed;
      }
      if (skipped > 0) {
        notKept += skipped;
        trouble(notKeptText(notKept));
      }
      return skipped < records.length;
    });
  }

  return {
    async get(key) {
      const current = await contents().catch(() => undefined);
      return fromStoredAnswer(current?.answers.get(key));
    },
    put(outcomes, asOf) {
      const records = [...outcomes].flatMap(([key, outcome]) => {
        const record = toStoredAnswer(outcome, asOf);
        return record === undefined ? [] : [[key, record] as const];
      });
      keep((current) => current.answers, records);
    },
    async getParcel(key) {
      const current = await contents().catch(() => undefined);
      return fromStoredParcel(current?.parcels.get(key));
    },
    putParcel(key, outcome) {
      const record = toStoredParcel(outcome);
      if (record !== undefined) keep((current) => current.parcels, [[key, record]]);
    },
    async getRequest(key) {
      const current = await contents().catch(() => undefined);
      return current?.requests.get(key);
    },
    putRequest(key, answer) {
      keep((current) => current.requests, [[key, answer]]);
    },
    recordCells(cell, record) {
      update((current) => {
        const old = current.cells.get(cell);
        if (old !== undefined && JSON.stringify(old) === JSON.stringify(record)) return false;
        const added = entrySize(cell, record);
        const freed = old === undefined ? 0 : entrySize(cell, old);
        if (size - freed + added > limits.maxChars) return false;
        current.cells.set(cell, record);
        forgotten.delete(cell);
        size += added - freed;
        return true;
      });
    },
    forgetCells(cells) {
      update((current) => {
        const known = cells.filter((cell) => current.cells.has(cell));
        for (const cell of known) {
          size -= entrySize(cell, current.cells.get(cell));
          current.cells.delete(cell);
          forgotten.add(cell);
        }
        return known.length > 0;
      });
    },
    async contents() {
      const current = await contents();
      return {
        answers: new Map(current.answers),
        parcels: new Map(current.parcels),
        requests: new Map(current.requests),
        cells: new Map(current.cells),
      };
    },
    async flushed() {
      await updating;
      await writing;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onTrouble: (listener) => void troubleListeners.add(listener),
  };
}
