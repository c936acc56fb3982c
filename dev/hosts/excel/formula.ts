// The formulas the stand-in calculates, in the form the Excel API reads and
// writes them (Range.formulas: English names, comma between arguments): a call
// of an add-in function, `=BRW.BODENRICHTWERT(A2:A9,"W",,C2)`, or one of
// Excel's own SUM and NA. Anything else is kept as text and not calculated.
import { formatArea, parseArea, type Area } from '#shared/client/a1Address.js';

export type Argument =
  | { kind: 'omitted' }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'reference'; area: Area; explicitSheet: boolean };

export interface Formula {
  /** Upper case, namespace included: "BRW.BODENRICHTWERT", "SUM". */
  name: string;
  args: Argument[];
}

function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.length === 1 && parts[0]?.trim() === '' ? [] : parts;
}

function parseArgument(raw: string, sheet: string): Argument {
  const text = raw.trim();
  if (text === '') return { kind: 'omitted' };
  if (text.startsWith('"')) return { kind: 'text', value: text.slice(1, -1).replaceAll('""', '"') };
  if (/^-?\d+(\.\d+)?$/.test(text)) return { kind: 'number', value: Number(text) };
  if (/^(TRUE|FALSE)$/i.test(text)) return { kind: 'boolean', value: /^TRUE$/i.test(text) };
  return { kind: 'reference', area: parseArea(text, sheet), explicitSheet: text.includes('!') };
}

/** The call a formula makes, or undefined for a constant or a formula the stand-in does not know. */
export function parseFormula(text: string, sheet: string): Formula | undefined {
  const match = /^=\s*([A-Za-z][A-Za-z0-9_.]*)\((.*)\)\s*$/s.exec(text);
  if (!match) return undefined;
  return {
    name: (match[1] ?? '').toUpperCase(),
    args: splitArguments(match[2] ?? '').map((arg) => parseArgument(arg, sheet)),
  };
}

function argumentText(arg: Argument): string {
  switch (arg.kind) {
    case 'omitted':
      return '';
    case 'text':
      return `"${arg.value.replaceAll('"', '""')}"`;
    case 'number':
      return String(arg.value);
    case 'boolean':
      return arg.value ? 'TRUE' : 'FALSE';
    case 'reference': {
      const text = formatArea(arg.area);
      return arg.explicitSheet ? text : text.slice(text.lastIndexOf('!') + 1);
    }
  }
}

export function formulaText(formula: Formula): string {
  return `=${formula.name}(${formula.args.map(argumentText).join(',')})`;
}

/**
 * The formula after a row was inserted above `row` of `sheet`: references
 * below move down, a range reaching across the new row grows by it, as Excel
 * adjusts them.
 */
export function shiftedForInsertedRow(formula: Formula, sheet: string, row: number): Formula {
  return {
    ...formula,
    args: formula.args.map((arg) => {
      if (arg.kind !== 'reference' || arg.area.sheet !== sheet) return arg;
      const { area } = arg;
      if (area.row >= row) return { ...arg, area: { ...area, row: area.row + 1 } };
      if (area.row + area.rows > row) return { ...arg, area: { ...area, rows: area.rows + 1 } };
      return arg;
    }),
  };
}
