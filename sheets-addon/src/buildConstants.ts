// Values fixed at build time by webpack's DefinePlugin (sheets-addon/webpack.config.js),
// the only place that reads the BASE_URL environment variable.
declare const __BASE_URL__: string;

/** The service the formulas ask unless the sidebar sets another URL. */
export const DEFAULT_SERVICE_URL: string = __BASE_URL__;

declare const __URL_ALLOWLIST__: readonly string[];

/** The manifest's urlFetchWhitelist: Apps Script fetches no other URL. */
export const URL_ALLOWLIST: readonly string[] = __URL_ALLOWLIST__;
