// The `feld` examples in the custom functions' JSDoc are what Excel's and
// Sheets' formula help show a valuer; the metadata is read from the comment
// as written (custom-functions-metadata, Apps Script's @customfunction), so it
// cannot be derived from the field table. This keeps every name it offers a
// field the functions accept (LOOKUP_FIELDS, from the field table).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOKUP_FIELDS } from '#shared/client/lookupValue.js';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The field names a JSDoc `feld` line lists after its lead-in. */
function exampleFields(file: string, leadIn: string): string[] {
  const line = readFileSync(resolve(ROOT, file), 'utf8')
    .split('\n')
    .find((text) => /@param\b.*\bfeld\b/.test(text) && text.includes(leadIn));
  if (line === undefined) throw new Error(`${file}: no @param feld line with "${leadIn}"`);
  return line
    .slice(line.indexOf(leadIn) + leadIn.length)
    .replace(/\(Standard\)|u\. a\.|\.$/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

describe('the feld examples of the custom functions', () => {
  it.each([
    ['excel-addin/src/functions/functions.ts', 'z. B.'],
    ['sheets-addon/src/index.ts', 'Optional:'],
  ])('%s names only fields the functions accept', (file, leadIn) => {
    const names = exampleFields(file, leadIn);
    expect(names.length).toBeGreaterThan(3);
    expect(names.filter((name) => !(LOOKUP_FIELDS as readonly string[]).includes(name))).toEqual(
      [],
    );
  });
});
