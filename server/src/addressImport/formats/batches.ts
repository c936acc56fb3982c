// Rows travel in batches: one promise per 2,000 rows rather than per row,
// which for NW's 4.5 million rows is the difference between parsing and
// scheduling microtasks.
import { AddressImportError } from '../addressImportError.js';
import type { HouseRow, MalformedRow, ReadBatch } from './houseRow.js';
import { isMalformed } from './rowBuilder.js';

export const BATCH_SIZE = 2000;

export class BatchCollector {
  private rows: HouseRow[] = [];
  private malformed: MalformedRow[] = [];

  add(outcome: HouseRow | MalformedRow): void {
    if (isMalformed(outcome)) this.malformed.push(outcome);
    else this.rows.push(outcome);
  }

  get full(): boolean {
    return this.rows.length + this.malformed.length >= BATCH_SIZE;
  }

  get empty(): boolean {
    return this.rows.length + this.malformed.length === 0;
  }

  take(): ReadBatch {
    const batch = { rows: this.rows, malformed: this.malformed };
    this.rows = [];
    this.malformed = [];
    return batch;
  }
}

/** An iterable that starts a fresh read each time it is iterated. */
export function rereadable(read: () => AsyncGenerator<ReadBatch>): AsyncIterable<ReadBatch> {
  return { [Symbol.asyncIterator]: read };
}

/** A file that broke off while its batches were read (a truncated zip, a read error). */
export function unfinishedRead(name: string, error: unknown): AddressImportError {
  return new AddressImportError(
    'unreadable_file',
    `Die Datei ${name} konnte nicht zu Ende gelesen werden: ${(error as Error).message}`,
    { cause: error },
  );
}
