// The workbook's answers from source over an in-memory part: what is kept, the
// bound, and that a part that cannot be read is never overwritten.
import { describe, expect, it } from 'vitest';
import { createWorkbookAnswers } from '../../../excel-addin/src/lookup/workbookAnswers.js';
import type { WorkbookPart } from '../../../excel-addin/src/workbook/workbookPart.js';
import { AppError, LOOKUP_DISCLAIMER, type LookupOutcome } from '#shared/index.js';
import { entry } from '../support/standInApi.js';

const found = (brw: number, bemerkung = ''): LookupOutcome => ({
  kind: 'found',
  response: {
    address_input: 'x',
    address_resolved: 'x',
    coordinates: { lat: 52, lon: 13 },
    geocoding: { source: 'geocoder', match: 'geocoder' },
    bodenrichtwerte: [entry({ brw_euro_pro_m2: brw, ...(bemerkung ? { bemerkung } : {}) })],
    cache_hit: false,
    abgerufen_am: '2026-11-20T09:30:00.000Z',
    attribution: {
      text: '© Amt (2024)',
      license_url: 'https://l',
      source_url: 'https://s',
      year: 2024,
    },
    aktualitaet: { stichtag: '2024-01-01' },
    disclaimer: LOOKUP_DISCLAIMER,
  },
});

function part(text: string | null = null) {
  const holder = { text, writes: 0, failReads: 0 };
  const store: WorkbookPart = {
    read: async () => {
      if (holder.failReads-- > 0) throw new Error('busy');
      return holder.text;
    },
    write: async (value) => {
      holder.writes++;
      holder.text = value;
    },
  };
  return { holder, store };
}

describe('the workbook answers', () => {
  it('keeps answers about the address, never failures of the moment, and reads them back without the disclaimer stored', async () => {
    const { holder, store } = part();
    const answers = createWorkbookAnswers(store, { maxChars: 100_000, maxAnswerChars: 10_000 });
    answers.put(
      new Map<string, LookupOutcome>([
        ['a', found(450)],
        ['b', { kind: 'failed', error: new AppError('address_not_found', 'Nicht gefunden.') }],
        ['c', { kind: 'failed', error: new AppError('service_error', 'Weg.') }],
      ]),
    );
    await answers.flushed();
    expect(holder.text).not.toContain(LOOKUP_DISCLAIMER);
    const reopened = createWorkbookAnswers(store, { maxChars: 100_000, maxAnswerChars: 10_000 });
    expect(await reopened.get('a')).toMatchObject({
      kind: 'found',
      response: { disclaimer: LOOKUP_DISCLAIMER },
    });
    expect(await reopened.get('b')).toMatchObject({
      kind: 'failed',
      error: { code: 'address_not_found' },
    });
    expect(await reopened.get('c')).toBeUndefined();
  });

  it('past its bound keeps nothing more, drops nothing kept, and says how many were not kept', async () => {
    const { holder, store } = part();
    const answers = createWorkbookAnswers(store, { maxChars: 5_000, maxAnswerChars: 2_500 });
    const said: string[] = [];
    answers.onTrouble((text) => said.push(text));
    answers.put(new Map([['big', found(1, 'x'.repeat(3_000))]]));
    for (let i = 0; i < 10; i++) answers.put(new Map([[`k${i}`, found(i)]]));
    await answers.flushed();
    expect((holder.text ?? '').length).toBeLessThanOrEqual(5_000);
    const kept = Object.keys((JSON.parse(holder.text ?? '{}') as { answers: object }).answers);
    expect(kept[0]).toBe('k0');
    expect(kept).not.toContain('big');
    expect(said.at(-1)).toMatch(
      /^Arbeitsmappe voll: \d+ Antworten nicht in der Arbeitsmappe gespeichert/,
    );
    expect(Number(/voll: (\d+)/.exec(said.at(-1) ?? '')?.[1])).toBe(11 - kept.length);
  });

  it('writes nothing while the part cannot be read, so the workbook keeps its answers', async () => {
    const { holder, store } = part(JSON.stringify({ answers: {}, cells: {} }));
    holder.failReads = 1;
    const answers = createWorkbookAnswers(store, { maxChars: 100_000, maxAnswerChars: 10_000 });
    const said: string[] = [];
    answers.onTrouble((text) => said.push(text));
    answers.put(new Map([['a', found(1)]]));
    await answers.flushed();
    expect(holder.writes).toBe(0);
    expect(said).toHaveLength(1);
    answers.put(new Map([['b', found(2)]]));
    await answers.flushed();
    expect(holder.writes).toBe(1);
  });
});
