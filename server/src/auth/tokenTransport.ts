// Where a request carries its bearer token (§5.1): the Authorization header,
// or the `token` query parameter for tools that cannot set headers. The
// header wins when both are present. The strategy reads the header itself;
// this decides which credentials it gets to see.
import type { Request } from 'express';

/** The part of a request the bearer strategy reads: the Authorization header only. */
export interface BearerCredentials {
  headers: { authorization?: string };
}

/** A header that names the Bearer scheme with something after it. */
const BEARER_HEADER = /^Bearer\s+\S/i;
/**
 * The scheme and the spaces after it: RFC 6750 §2.1 allows one or more
 * (`"Bearer" 1*SP b64token`), passport-http-bearer splits on exactly one.
 */
const SCHEME_AND_SPACES = /^Bearer\s+/i;

/**
 * The credentials the strategy authenticates: the Authorization header when
 * it is a Bearer one, else the `token` parameter presented as such a header
 * (when `withQuery`). Neither `access_token` (query or body) nor anything
 * else of the request reaches the strategy, which would take those.
 */
export function bearerCredentials(req: Request, withQuery: boolean): BearerCredentials {
  const header = req.headers.authorization;
  if (header !== undefined && BEARER_HEADER.test(header))
    return { headers: { authorization: header.replace(SCHEME_AND_SPACES, 'Bearer ') } };
  const fromQuery = withQuery ? queryToken(req) : undefined;
  return { headers: fromQuery === undefined ? {} : { authorization: `Bearer ${fromQuery}` } };
}

/** The `token` query parameter when it is a single non-empty value. */
export function queryToken(req: Request): string | undefined {
  const value: unknown = req.query.token;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
