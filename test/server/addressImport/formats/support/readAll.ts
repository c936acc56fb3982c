// Reads a whole HouseFile in a test and keeps what came in which batch.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { HouseFile, HouseRow, MalformedRow } from '#server/addressImport/formats/houseRow.js';

export async function readAll(file: HouseFile) {
  const rows: HouseRow[] = [];
  const malformed: MalformedRow[] = [];
  let batches = 0;
  for await (const batch of file.batches) {
    batches += 1;
    rows.push(...batch.rows);
    malformed.push(...batch.malformed);
  }
  return { rows, malformed, batches };
}

/** A temp folder for one test file, removed after its tests. */
export function tempFolder(prefix: string): (name: string, content?: string | Buffer) => string {
  const dir = mkdtempSync(join(tmpdir(), `hk-${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (name, content) => {
    const path = join(dir, name);
    if (content !== undefined) writeFileSync(path, content);
    return path;
  };
}
