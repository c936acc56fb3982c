// A cell being edited (the user typing in a cell, edit mode): Excel runs no
// batch of an add-in meanwhile. "When false, if the user is in cell edit when
// the batch request is processed by the host, the batch automatically fails.
// When true, the batch request is executed immediately if the user is not in
// cell edit mode, but if the user is in cell edit mode then the batch request
// is delayed until the user exits cell edit mode" (Excel.RunOptions.delayForCellEdit,
// @types/office-js; learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-delay-in-cell-edit).
// The failure is the error code InvalidOperationInCellEditMode ("Excel API is
// unavailable while in cell edit mode", Excel JavaScript API error codes).
import type { BatchAnswer } from './batchProtocol.js';

export const CELL_EDIT_FAILURE: BatchAnswer = {
  loaded: {},
  values: {},
  nulls: {},
  error: {
    code: 'InvalidOperationInCellEditMode',
    message: 'Excel API is unavailable while in cell edit mode.',
  },
};

export function cellEditMode() {
  let ended: Promise<void> | undefined;
  let end: () => void = () => undefined;
  return {
    /** The user starts editing a cell. */
    begin(): void {
      if (ended) return;
      ended = new Promise((resolve) => (end = resolve));
    },
    /** The user leaves the cell (Enter or Esc). */
    end(): void {
      const finish = end;
      ended = undefined;
      finish();
    },
    /**
     * Runs a batch as Excel would: at once outside edit mode; in edit mode
     * failed, or after the edit when the run asked to wait for it.
     */
    async run(
      delayForCellEdit: boolean,
      execute: () => Promise<BatchAnswer>,
    ): Promise<BatchAnswer> {
      while (ended) {
        if (!delayForCellEdit) return CELL_EDIT_FAILURE;
        await ended;
      }
      return execute();
    },
  };
}
