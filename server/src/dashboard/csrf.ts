// CSRF protection for every dashboard and consent form: csrf-csrf's double
// submit (a signed cookie plus a hidden `_csrf` field, bound to the session
// id). A failed check renders a German page with 403.
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { doubleCsrf } from 'csrf-csrf';

export interface CsrfGuard {
  /** The token for a form rendered in this response (also sets its cookie). */
  token(req: Request, res: Response): string;
  /** Body parsing and the check, for every POST of a form (cookie-parser runs before). */
  forms: RequestHandler[];
}

export function createCsrfGuard(options: {
  secret: string;
  secure: boolean;
  onRejected: (req: Request, res: Response) => void;
}): CsrfGuard {
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => options.secret,
    getSessionIdentifier: (req) => req.session.id,
    // __Host- cookies need Secure; plain HTTP development uses a plain name.
    cookieName: options.secure ? '__Host-brw.csrf' : 'brw.csrf',
    cookieOptions: { sameSite: 'lax', secure: options.secure, httpOnly: true, path: '/' },
    getCsrfTokenFromRequest: (req) => {
      const body = req.body as Record<string, unknown> | undefined;
      return typeof body?._csrf === 'string' ? body._csrf : undefined;
    },
  });
  const check = (req: Request, res: Response, next: NextFunction) => {
    if (validateRequest(req)) next();
    else options.onRejected(req, res);
  };
  return {
    token(req, res) {
      req.session.formsIssued = true;
      return generateCsrfToken(req, res);
    },
    forms: [express.urlencoded({ extended: false, limit: '16kb' }), check],
  };
}
