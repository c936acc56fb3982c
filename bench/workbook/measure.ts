// One row of the workbook benchmark: a pass over the column and what it cost.

export interface PassResult {
  pass: 'first fill' | 'recalculation' | 'reopen';
  wallMs: number;
  requests: number;
  charged: number;
  /** Cells without a value or with an error after the pass. */
  unfilled: number;
  /** Sheets: custom-function runs needed (each at most one Apps Script execution). */
  runs?: number;
  /** Sheets: the longest single run, to compare with Apps Script's 30 s limit. */
  longestRunMs?: number;
}

export interface MeasuredPass {
  requests: number;
  unfilled: number;
  runs?: number;
  longestRunMs?: number;
  /**
   * When the pass's work ended (performance.now()), where the pass waited
   * past it to see the workbook stay quiet; the wall time ends here then.
   */
  endedAt?: number;
}

/** Runs `pass`, timing it and reading the charges before and after. */
export async function measure(
  name: PassResult['pass'],
  charged: () => Promise<number>,
  pass: () => Promise<MeasuredPass> | MeasuredPass,
): Promise<PassResult> {
  const before = await charged();
  const startedAt = performance.now();
  const { endedAt, ...result } = await pass();
  const wallMs = (endedAt ?? performance.now()) - startedAt;
  return { pass: name, wallMs, charged: (await charged()) - before, ...result };
}

export const isFilled = (value: unknown): boolean => typeof value === 'number';
