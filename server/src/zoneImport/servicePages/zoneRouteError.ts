// Why a route could not read a state's zone set. The import prints the German
// message (naming the page or file and, where it is one, the field) and keeps
// nothing: a set read in part would answer as if the rest had no zones.
export const ROUTE_FAILURES = [
  /** A page could not be fetched or read: HTTP error, HTML page, cut or broken body. */
  'unreadable_page',
  /** The service stopped paging before it had sent what it said it holds. */
  'paging_stopped',
  /** The answer or file names a coordinate system the set cannot be read in. */
  'wrong_crs',
  /** The input is not the set: a file that is no BRM XML, a type the service does not offer. */
  'not_the_set',
] as const;
export type RouteFailure = (typeof ROUTE_FAILURES)[number];

export class ZoneRouteError extends Error {
  override name = 'ZoneRouteError';

  constructor(
    readonly reason: RouteFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
