// The add-on's calls in a formula's text, with the text of each argument:
// `=BODENRICHTWERT(A2:A200;"W")`, `=WENNFEHLER(BODENRICHTWERT_ZONEN(A2);"")`,
// `=BODENRICHTWERT_FLURSTUECK(A2)`, `=BODENWERT_FLURSTUECK(A2;"W";;1,2)`.
// Arguments are separated by `;`, or by `,` where a call has no `;` (the
// spreadsheet's locale decides which one its formulas use).
// The names come from the table of spreadsheet functions: every function that asks the service.
import {
  ASKING_FUNCTIONS,
  callPattern,
  sheetsFunction,
  type SheetsFunctionName,
} from '#shared/index.js';

export type LookupFunction = Exclude<SheetsFunctionName, 'BODENWERT'>;

export interface FormulaCall {
  name: LookupFunction;
  /** Each argument's text, trimmed; '' for an omitted one. */
  args: string[];
  /** The call is the whole formula, so its result is what the cells show. */
  whole: boolean;
}

const CALL = callPattern(ASKING_FUNCTIONS.map((fn) => fn.sheets));

/** The formula with every string literal blanked out (same length), so names and brackets inside strings do not count. */
function withoutStrings(formula: string): string {
  return formula.replace(/"(?:[^"]|"")*"/g, (literal) => `"${' '.repeat(literal.length - 2)}"`);
}

/** Splits the text between a call's brackets at its own separators. */
function splitArguments(inner: string, masked: string): { parts: string[]; separator: ';' | ',' } {
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
  return {
    parts: parts.length === 1 && parts[0] === '' ? [] : parts,
    separator: cuts[';'].length > 0 ? ';' : ',',
  };
}

interface ScannedCall extends FormulaCall {
  /** Where the text between the brackets starts and ends in the formula. */
  open: number;
  close: number;
  separator: ';' | ',';
  /** Arguments beyond the function's own: the run stamp of reenterFormulas (see nudgedFormula). */
  extra: string[];
}

function scanCalls(formula: string): ScannedCall[] {
  const masked = withoutStrings(formula);
  const calls: ScannedCall[] = [];
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
    const { parts, separator } = splitArguments(
      formula.slice(open, close - 1),
      masked.slice(open, close - 1),
    );
    const declared = sheetsFunction(name)?.args.length ?? parts.length;
    const args = parts.slice(0, declared);
    calls.push({
      name,
      args,
      whole,
      open,
      close: close - 1,
      separator,
      extra: parts.slice(declared),
    });
  }
  return calls;
}

/** Every call of the add-on's lookup functions in `formula`, in order. */
export function lookupCalls(formula: string): FormulaCall[] {
  return scanCalls(formula).map(({ name, args, whole }) => ({ name, args, whole }));
}

/**
 * The formula with a new run stamp: one argument after each call's own
 * arguments (which the functions ignore), one higher than the stamp it had.
 * Sheets may answer a formula re-entered unchanged from its cache of results
 * per arguments (odoo/odoo#20758) instead of running it; a stamp it has not
 * seen makes it run. Apps Script passes surplus arguments to a custom
 * function, and JavaScript ignores them.
 */
export function nudgedFormula(formula: string): string {
  const calls = scanCalls(formula);
  if (calls.length === 0) return formula;
  const before = Math.max(0, ...calls.map(({ extra }) => Number(extra[0]) || 0));
  const stamp = String(Math.floor(before) + 1);
  let text = formula;
  for (const call of [...calls].reverse()) {
    const declared = sheetsFunction(call.name)?.args.length ?? call.args.length;
    const args = Array.from({ length: declared }, (_, i) => call.args[i] ?? '');
    text = `${text.slice(0, call.open)}${[...args, stamp].join(call.separator)}${text.slice(call.close)}`;
  }
  return text;
}
