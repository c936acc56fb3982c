// What became of one address of a BODENRICHTWERT call: the shared outcomes, or
// not asked within the time budget of one custom-function run.
import type { LookupOutcome } from '#shared/index.js';

export type SheetsOutcome = LookupOutcome | { kind: 'unfinished' };
