// The frame every OAuth endpoint that takes a form shares (token, revoke):
// CORS with its preflight, the endpoint's throttle, a small urlencoded body,
// and answers that are never cached (RFC 6749 §5.1, RFC 7009 §2.2).
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { apiCors } from '../../http/apiCors.js';

const FORM_BODY = express.urlencoded({ extended: false, limit: '16kb' });

export function formEndpoint(
  router: Router,
  path: string,
  throttle: RequestHandler,
  handle: (req: Request, res: Response) => Promise<void>,
): void {
  router.options(path, apiCors);
  router.post(path, apiCors, throttle, FORM_BODY, async (req, res) => {
    res.set('Cache-Control', 'no-store').set('Pragma', 'no-cache');
    await handle(req, res);
  });
}
