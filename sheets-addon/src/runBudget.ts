// The time plan of a custom-function run. Apps Script stops a custom function
// after 30 seconds wherever it is, in a request, a sleep or a wait for the
// document lock ("A custom function call must return within 30 seconds",
// developers.google.com/apps-script/guides/sheets/functions).

/**
 * Requests are planned to end here (each batch asks the service to answer by
 * then); a third of Google's limit stays as margin for a request slower than planned.
 */
export const FETCH_BUDGET_MS = 20_000;

/**
 * Waits for the document lock end here, however many writes still want it:
 * the writes themselves and returning the result take milliseconds, so the
 * run stays within Google's 30 s even after a request twice as slow as planned.
 */
export const LOCK_BUDGET_MS = 25_000;
