// JSON request bodies: at most 16 kB (413 payload_too_large beyond), and any
// JSON value is parsed, so that a non-object gets invalid_body rather than
// invalid_json from the endpoint's own validation.
import express from 'express';

export const JSON_BODY_LIMIT = '16kb';

export const jsonBody = express.json({ limit: JSON_BODY_LIMIT, strict: false });
