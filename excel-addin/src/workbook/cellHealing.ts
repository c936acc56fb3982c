// Cells that fill in by themselves. A request/response function gives Excel one
// result; a cell showing "wird geladen …", "Kein API-Schlüssel" or "Zu viele
// Anfragen" would keep it until something runs the formula again, and Excel
// does not: "Calculate Now" does not re-run custom functions (office-js #1462),
// and Microsoft calls the missing way to force it "a limitation of the platform"
// (office-js #6545). So the add-in enters such a formula again once the cause
// is gone, which makes Excel run exactly that cell: when the service has
// answered its pending addresses, when a key is saved, or after a wait that
// doubles from 30 s to 10 minutes for errors of the moment. Kept answers make
// the run cost nothing for the cells that already have theirs.

/** What one run of a formula left to heal. */
export interface CellState {
  /** Lookup keys the service is still working on. */
  pendingKeys: readonly string[];
  /** A cell waits for a (new) key: none, rejected, quota used up. */
  needsKey: boolean;
  /** A cell shows an error of the moment (429, service down). */
  passingError: boolean;
}

export interface CellHealingDeps {
  /** Enters the formulas of these cells again. */
  reenter(cells: readonly string[]): Promise<unknown>;
  wait(ms: number): Promise<void>;
}

export interface CellHealing {
  /** What the run of the formula at `cell` ("Tabelle1!B2") left; a run with nothing left clears it. */
  report(cell: string, state: CellState): void;
  /** The service has answered a pending lookup. */
  settled(key: string): void;
  /** A key was saved. */
  keySaved(): void;
}

/** Answers arriving together run their formulas together. */
export const HEAL_DELAY_MS = 500;
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 600_000;

export function createCellHealing(deps: CellHealingDeps): CellHealing {
  const waitingFor = new Map<string, Set<string>>();
  const needKey = new Set<string>();
  const retries = new Map<string, { attempts: number; token: object }>();
  const due = new Set<string>();
  let flushing = false;

  function reenterSoon(cell: string): void {
    due.add(cell);
    if (flushing) return;
    flushing = true;
    void deps.wait(HEAL_DELAY_MS).then(() => {
      flushing = false;
      const cells = [...due];
      due.clear();
      return deps.reenter(cells).catch(() => undefined);
    });
  }

  function retryLater(cell: string): void {
    const attempts = retries.get(cell)?.attempts ?? 0;
    const token = {};
    retries.set(cell, { attempts: attempts + 1, token });
    const wait = Math.min(FIRST_RETRY_MS * 2 ** attempts, LONGEST_RETRY_MS);
    void deps.wait(wait).then(() => {
      if (retries.get(cell)?.token === token) reenterSoon(cell);
    });
  }

  return {
    report(cell, { pendingKeys, needsKey, passingError }) {
      for (const cells of waitingFor.values()) cells.delete(cell);
      needKey.delete(cell);
      for (const key of pendingKeys) {
        const cells = waitingFor.get(key) ?? new Set<string>();
        cells.add(cell);
        waitingFor.set(key, cells);
      }
      if (needsKey) needKey.add(cell);
      if (passingError) retryLater(cell);
      else retries.delete(cell);
    },
    settled(key) {
      const cells = waitingFor.get(key);
      waitingFor.delete(key);
      for (const cell of cells ?? []) reenterSoon(cell);
    },
    keySaved() {
      for (const cell of needKey) reenterSoon(cell);
      needKey.clear();
    },
  };
}
