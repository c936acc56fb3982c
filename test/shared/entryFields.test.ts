// A new field of an entry is one line of the field table (plus its reading
// in the mapper): every wire key of the table appears in the zod schema (so
// in OpenAPI and MCP), the XML, the ZONEN headers, the lookup page's labels,
// the spreadsheet `feld` names and the record fields a source is read from,
// in the table's order.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entryRows } from '#server/dashboard/pages/entryFields.js';
import { toXml } from '#server/http/xml.js';
import { mapRecord } from '#server/sources/mapping/entryMapper.js';
import { SOURCE_FIELDS } from '#server/sources/sourceRecord.js';
import type { BodenrichtwertResponse } from '#shared/apiTypes.js';
import { LOOKUP_FIELDS, selectLookupValue } from '#shared/client/lookupValue.js';
import { zoneTable } from '#shared/client/zoneTable.js';
import {
  DISPLAY_COLUMNS,
  ENTRY_COLUMNS,
  ENTRY_FIELDS,
  RECORD_FIELDS,
  wireEntry,
  type Entry,
  type FieldKind,
} from '#shared/entryFields.js';
import { bodenrichtwertEntrySchema } from '#shared/schemas/lookupAnswer.js';

const SAMPLE: Readonly<Record<FieldKind, (key: string, index: number) => string | number>> = {
  name: (key) => `${key} veröffentlicht`,
  text: (key) => `${key} veröffentlicht`,
  number: (_, index) => index + 0.5,
  euro: (_, index) => index * 10,
  date: () => '2026-01-01',
  code: () => 'W',
  url: () => 'https://viewer.example.test/',
  range: (_, index) => index,
};

/** An entry with every wire key of the table set (a range with its value and bounds). */
const full = Object.fromEntries(
  ENTRY_COLUMNS.map(({ key, field }, index) => [key, SAMPLE[field.kind](key, index)]),
) as Entry;

const keys = ENTRY_COLUMNS.map(({ key }) => key);

describe('the field table', () => {
  it('names each wire key once; a range adds its bounds', () => {
    expect(new Set(keys).size).toBe(keys.length);
    const ranges = ENTRY_FIELDS.filter((field) => field.kind === 'range').length;
    expect(keys).toHaveLength(ENTRY_FIELDS.length + 2 * ranges);
    expect(keys).toContain('ackerzahl_min');
  });

  it('is the zod schema, in its order, optional where the table says so', () => {
    expect(Object.keys(bodenrichtwertEntrySchema.shape)).toEqual(keys);
    const json = z.toJSONSchema(bodenrichtwertEntrySchema) as { required: string[] };
    const required = ENTRY_COLUMNS.filter(({ field }) => !field.optional).map(({ key }) => key);
    expect(json.required).toEqual(required);
    expect(bodenrichtwertEntrySchema.parse(full)).toEqual(full);
  });

  it('is the XML of an entry, one element per key in the table’s order', () => {
    const xml = toXml({ bodenrichtwerte: [wireEntry({ ...full, outline: [] } as Entry)] });
    const elements = [...xml.matchAll(/<([a-z0-9_]+)>[^<]/g)].map((match) => match[1]);
    expect(elements).toEqual(keys);
  });

  it('is the ZONEN header row and the lookup page’s labels, in the display order', () => {
    const [headers, row] = zoneTable([full]);
    expect(headers).toHaveLength(keys.length);
    expect(new Set(headers)).toEqual(new Set(DISPLAY_COLUMNS.map(({ header }) => header)));
    expect(row).toHaveLength(keys.length);
    const rows = entryRows([full]);
    expect(rows.map(({ key }) => key)).toEqual(DISPLAY_COLUMNS.map(({ key }) => key));
    expect(rows.map(({ label }) => label)).toEqual(DISPLAY_COLUMNS.map(({ label }) => label));
    expect(rows.every(({ key, label }) => key !== label)).toBe(true);
  });

  it('is the `feld` names a cell may show, the value by default, each read from the entry', () => {
    const offered = ENTRY_COLUMNS.filter(({ field }) => !field.noCell).map(({ key }) => key);
    expect([...LOOKUP_FIELDS].sort()).toEqual([...offered].sort());
    expect(LOOKUP_FIELDS[0]).toBe('brw_euro_pro_m2');
    const response = { bodenrichtwerte: [full] } as BodenrichtwertResponse;
    for (const feld of LOOKUP_FIELDS) {
      expect(selectLookupValue(response, 'W', feld)).toEqual({ ok: true, value: full[feld] });
    }
  });

  it('is the record fields a source is read from, each read into its entry field or reported', () => {
    expect(SOURCE_FIELDS.slice(4)).toEqual(RECORD_FIELDS);
    const record = Object.fromEntries(RECORD_FIELDS.map((field) => [field, '7']));
    const unreadable: string[] = [];
    const entry = mapRecord(
      { brw: '250', stichtag: '2026-01-01', nutzung: 'WA', ...record },
      {
        fallbackGemeinde: undefined,
        today: '2026-11-22',
        numberFormat: 'xml',
        onSkipped: () => undefined,
        onUnreadable: ({ field }) => unreadable.push(field),
      },
    );
    // A code field does not take '7' and says so; every other field holds what was published.
    const read = RECORD_FIELDS.filter((field) => entry?.[field] !== undefined);
    expect([...read, ...unreadable].sort()).toEqual([...RECORD_FIELDS].sort());
    expect(read).toEqual(expect.arrayContaining(['gemeinde', 'ackerzahl', 'tiefe_m']));
  });
});
