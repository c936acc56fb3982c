// CSRF protection for every dashboard and consent form: csrf-csrf's double
// submit (a signed cookie plus a hidden `_csrf` field). A signed-in form is
// bound to the session id; an anonymous one (login, sign-up, password reset)
// to a random id in a cookie of its own, so a visitor has no server-side
// session before logging in. A failed check renders a German page with 403.
import { randomBytes } from 'node:crypto';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { doubleCsrf } from 'csrf-csrf';

export interface CsrfGuard {
  /** The token for a form rendered in this response (also sets its cookies). */
  token(req: Request, res: Response): string;
  /** Body parsing and the check, for every POST of a form (cookie-parser runs before). */
  forms: RequestHandler[];
}

export function createCsrfGuard(options: {
  secret: string;
  secure: boolean;
  onRejected: (req: Request, res: Response) => void;
}): CsrfGuard {
  // __Host- cookies need Secure; plain HTTP development uses plain names.
  const prefix = options.secure ? '__Host-' : '';
  const anonymousCookie = `${prefix}brw.anon`;
  const cookieOptions = {
    sameSite: 'lax' as const,
    secure: options.secure,
    httpOnly: true,
    path: '/',
  };
  const anonymousId = (req: Request): string => {
    const id = (req.cookies as Record<string, unknown>)[anonymousCookie];
    return typeof id === 'string' ? id : '';
  };
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => options.secret,
    getSessionIdentifier: (req) =>
      req.session.accountId ? `session:${req.session.id}` : `anonymous:${anonymousId(req)}`,
    cookieName: `${prefix}brw.csrf`,
    cookieOptions,
    getCsrfTokenFromRequest: (req) => {
      const body = req.body as Record<string, unknown> | undefined;
      return typeof body?._csrf === 'string' ? body._csrf : undefined;
    },
  });
  const check = (req: Request, res: Response, next: NextFunction) => {
    // An anonymous form without its id cookie cannot be bound to anything.
    const bound = req.session.accountId !== undefined || anonymousId(req) !== '';
    if (bound && validateRequest(req)) next();
    else options.onRejected(req, res);
  };
  return {
    token(req, res) {
      if (!req.session.accountId && !anonymousId(req)) {
        const id = randomBytes(18).toString('base64url');
        res.cookie(anonymousCookie, id, cookieOptions);
        (req.cookies as Record<string, unknown>)[anonymousCookie] = id;
      }
      return generateCsrfToken(req, res);
    },
    forms: [express.urlencoded({ extended: false, limit: '16kb' }), check],
  };
}
