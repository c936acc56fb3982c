// Numbers in the German notation for the readable tool answers; the JSON
// next to them keeps the exact values.
// A pure memo, kept at module level on purpose: a format depends on nothing but
// its digit count (no configuration, clock or I/O), so apps cannot tell whether
// they share it; it holds one entry per digit count the tools use.
const formats = new Map<number, Intl.NumberFormat>();

export function germanNumber(value: number, maxFractionDigits = 2): string {
  let format = formats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { maximumFractionDigits: maxFractionDigits });
    formats.set(maxFractionDigits, format);
  }
  return format.format(value);
}
