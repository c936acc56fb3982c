// What became of one address of a BODENRICHTWERT call: the shared outcomes,
// pending (the service is still working on it and keeps the answer for the
// next run), or not asked within the time budget of one custom-function run.
import type { BatchItemOutcome } from '#shared/index.js';

export type SheetsOutcome = BatchItemOutcome | { kind: 'unfinished' };
