// JSON request bodies: at most 16 kB unless an endpoint needs more (413
// payload_too_large beyond), and any
// JSON value is parsed, so that a non-object gets invalid_body rather than
// invalid_json from the endpoint's own validation. A body of another type
// (curl -d sends a form by default) is refused with a message naming the
// header to send, instead of reading as "no body".
import express, { type RequestHandler } from 'express';
import { AppError, ErrorCode } from '#shared/errors.js';

export const JSON_BODY_LIMIT = '16kb';

/** The same parser with a limit of its own (bytes, or a string such as '16kb'). */
export function jsonBodyUpTo(limit: number | string): RequestHandler {
  const parse = express.json({ limit, strict: false });
  return (req, res, next) => {
    // false: a body of another type; null (no body) is left to the endpoint.
    if (req.is('json') === false) {
      throw new AppError(
        ErrorCode.invalidBody,
        'Der Anfrageinhalt muss JSON sein und mit dem Header „Content-Type: application/json“ ' +
          'gesendet werden.',
      );
    }
    parse(req, res, next);
  };
}

export const jsonBody = jsonBodyUpTo(JSON_BODY_LIMIT);
