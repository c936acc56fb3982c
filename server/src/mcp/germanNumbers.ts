// Numbers in the German notation for the readable tool answers; the JSON
// next to them keeps the exact values.
const formats = new Map<number, Intl.NumberFormat>();

export function germanNumber(value: number, maxFractionDigits = 2): string {
  let format = formats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { maximumFractionDigits: maxFractionDigits });
    formats.set(maxFractionDigits, format);
  }
  return format.format(value);
}
