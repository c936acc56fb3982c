// Query strings with more than MAX_QUERY_PARAMETERS parameters answer 400
// too_many_parameters before any route reads them. The app's 'simple' query
// parser (Node's querystring) stops at 1,000 pairs and silently drops the
// rest, so `format=xml` after 1,100 `nutzungsart` used to answer JSON.
import type { NextFunction, Request, Response } from 'express';
import { AppError, ErrorCode } from '#shared/errors.js';

/** querystring's default maxKeys: what the parser reads in full. */
export const MAX_QUERY_PARAMETERS = 1000;

export function queryParameterLimit(req: Request, _res: Response, next: NextFunction): void {
  const start = req.url.indexOf('?');
  if (start === -1) {
    next();
    return;
  }
  const pairs = req.url
    .slice(start + 1)
    .split('&')
    .filter((pair) => pair !== '').length;
  if (pairs > MAX_QUERY_PARAMETERS) {
    throw new AppError(
      ErrorCode.tooManyParameters,
      `Zu viele Parameter in der Adresszeile: höchstens ${MAX_QUERY_PARAMETERS} sind erlaubt.`,
    );
  }
  next();
}
