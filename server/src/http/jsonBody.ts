// JSON request bodies: at most 16 kB unless an endpoint needs more (413
// payload_too_large beyond), and any
// JSON value is parsed, so that a non-object gets invalid_body rather than
// invalid_json from the endpoint's own validation.
import express from 'express';

export const JSON_BODY_LIMIT = '16kb';

export const jsonBody = jsonBodyUpTo(JSON_BODY_LIMIT);

/** The same parser with a limit of its own (bytes, or a string such as '16kb'). */
export function jsonBodyUpTo(limit: number | string) {
  return express.json({ limit, strict: false });
}
