// Quoted CSV (HE writes `"06"`): csv-parse reads the quotes. A stray quote
// inside a field is taken literally (relax_quotes), and a record csv-parse
// cannot read comes as a record without fields, so reading goes on. It reads
// the file's bytes itself (a decode and re-encode in front of it halved its pace).
import { parse, type CsvError } from 'csv-parse';
import { pipeline, type Readable } from 'node:stream';
import { MAX_LINE, type RecordSink } from './lineRecords.js';
import type { TextEncoding } from './textEncoding.js';

export async function* csvRecords(
  bytes: Readable,
  encoding: TextEncoding,
  separator: string,
  sink: RecordSink,
): AsyncGenerator<void> {
  const parser = parse({
    delimiter: separator,
    encoding: encoding === 'utf-8' ? 'utf8' : 'latin1',
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_LINE,
    info: true,
  });
  parser.on('skip', (error: CsvError | undefined) => sink.add([], Number(error?.lines ?? 0)));
  // The callback form returns the parser; an error of either stream ends its iteration.
  const parsed = pipeline(bytes, parser, () => undefined);
  for await (const { record, info } of parsed as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    sink.add(record, info.lines);
    if (sink.full) yield;
  }
}
