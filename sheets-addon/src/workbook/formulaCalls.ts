// The add-on's calls in a formula's text, with the text of each argument:
// `=BODENRICHTWERT(A2:A200;"W")`, `=WENNFEHLER(BODENRICHTWERT_ZONEN(A2);"")`,
// `=BODENRICHTWERT_FLURSTUECK(A2)`, `=BODENWERT_FLURSTUECK(A2;"W";;1,2)`.
// Arguments are separated by `;`, or by `,` where a call has no `;` (the
// spreadsheet's locale decides which one its formulas use).
import type { LOOKUP_FUNCTIONS } from '../lookup/formulaRows.js';
import type { ParcelFunction } from '../lookup/parcelRequest.js';

export type LookupFunction =
  (typeof LOOKUP_FUNCTIONS)[keyof typeof LOOKUP_FUNCTIONS] | ParcelFunction;

export interface FormulaCall {
  name: LookupFunction;
  /** Each argument's text, trimmed; '' for an omitted one. */
  args: string[];
  /** The call is the whole formula, so its result is what the cells show. */
  whole: boolean;
}

const CALL =
  /(?<![\w.])(BODENRICHTWERT_ZONEN|BODENRICHTWERT_FLURSTUECK|BODENWERT_FLURSTUECK|BODENRICHTWERT)\s*\(/gi;

/** The formula with every string literal blanked out (same length), so names and brackets inside strings do not count. */
function withoutStrings(formula: string): string {
  return formula.replace(/"(?:[^"]|"")*"/g, (literal) => `"${' '.repeat(literal.length - 2)}"`);
}

/** Splits the text between a call's brackets at its own separators. */
function splitArguments(inner: string, masked: string): string[] {
  const cuts: Record<';' | ',', number[]> = { ';': [], ',': [] };
  let depth = 0;
  for (let i = 0; i < masked.length; i++) {
    const character = masked[i];
    if (character === '(' || character === '{') depth += 1;
    else if (character === ')' || character === '}') depth -= 1;
    else if (depth === 0 && (character === ';' || character === ',')) cuts[character].push(i);
  }
  const at = cuts[';'].length > 0 ? cuts[';'] : cuts[','];
  const parts: string[] = [];
  let start = 0;
  for (const cut of [...at, inner.length]) {
    parts.push(inner.slice(start, cut).trim());
    start = cut + 1;
  }
  return parts.length === 1 && parts[0] === '' ? [] : parts;
}

/** Every call of the add-on's lookup functions in `formula`, in order. */
export function lookupCalls(formula: string): FormulaCall[] {
  const masked = withoutStrings(formula);
  const calls: FormulaCall[] = [];
  for (const match of masked.matchAll(CALL)) {
    const open = (match.index ?? 0) + match[0].length;
    let depth = 1;
    let close = open;
    for (; close < masked.length && depth > 0; close++) {
      if (masked[close] === '(') depth += 1;
      if (masked[close] === ')') depth -= 1;
    }
    if (depth !== 0) continue;
    const name = (match[1] ?? '').toUpperCase() as LookupFunction;
    const whole = /^=\s*$/.test(masked.slice(0, match.index)) && masked.slice(close).trim() === '';
    const args = splitArguments(formula.slice(open, close - 1), masked.slice(open, close - 1));
    calls.push({ name, args, whole });
  }
  return calls;
}
