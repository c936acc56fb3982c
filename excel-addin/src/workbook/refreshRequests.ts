// "Aktualisieren" for chosen cells: the task pane names the cells and enters
// their formulas again; the function run of such a cell asks the service even
// where the workbook keeps an answer, once. Every other run of a function
// (Excel's own on opening, a structural edit, a recalculation) gets the kept
// answer.

export interface RefreshRequests {
  request(cells: readonly string[]): void;
  /** Whether the run of the formula at `cell` is a refresh; answers true once per request. */
  take(cell: string): boolean;
}

export function createRefreshRequests(): RefreshRequests {
  const cells = new Set<string>();
  return {
    request: (chosen) => chosen.forEach((cell) => cells.add(cell)),
    take: (cell) => cells.delete(cell),
  };
}
