// How a source writes its numbers: part of its registry entry
// (`numberFormat`, by default chosen by its kind). Declared with the sources,
// which name it; mapping/publishedValues.ts reads numbers by it.
export const NUMBER_FORMATS = ['xml', 'de'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];
