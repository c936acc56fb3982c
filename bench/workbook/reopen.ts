// One line of `npm run bench:workbook -- --reopen`: a filled workbook opened
// again in one scenario, and what that cost and changed.

export interface ReopenResult {
  scenario: string;
  /** Requests the add-in sent (or tried to send) to the service. */
  requests: number;
  /** Lookups the service charged. */
  charged: number;
  /** Cells showing something else than before. */
  changed: number;
  /** Cells showing an error. */
  errors: number;
}

export const reopenLine = (addin: string, r: ReopenResult) =>
  `${addin}, ${r.scenario}: reopen: requests ${r.requests}, charged ${r.charged}, cells changed ${r.changed}, cells with errors ${r.errors}`;
