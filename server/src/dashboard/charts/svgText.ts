// Text and numbers inside the server-built SVGs: escaped for XML, numbers in
// German notation with a fixed number of decimals.
export function escapeSvgText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A coordinate for an SVG attribute: two decimals are finer than a pixel. */
export const px = (value: number): string => String(Math.round(value * 100) / 100);

export function germanNumber(value: number, decimals: number): string {
  return value.toLocaleString('de-DE', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}
