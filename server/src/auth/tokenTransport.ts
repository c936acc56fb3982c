// Where a request carries its bearer token (§5.1): the Authorization header,
// or the `token` query parameter for tools that cannot set headers. The
// header wins when both are present.
import type { Request } from 'express';

export interface PresentedToken {
  token: string;
  via: 'header' | 'query';
}

const BEARER = /^Bearer(?:\s+(.*))?$/i;

export function presentedToken(req: Request): PresentedToken | null {
  const header = req.headers.authorization?.trim();
  const bearer = header ? BEARER.exec(header) : null;
  const fromHeader = bearer?.[1]?.trim();
  if (fromHeader) return { token: fromHeader, via: 'header' };
  const fromQuery = queryToken(req);
  return fromQuery ? { token: fromQuery, via: 'query' } : null;
}

/** The `token` query parameter when it is a single non-empty value. */
export function queryToken(req: Request): string | undefined {
  const value: unknown = req.query.token;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
