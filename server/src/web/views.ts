// Server-rendered pages with eta (auto-escaping on). Every page gets the
// signed-in account, a CSRF token for its forms and the flash message.
import type { Request, Response } from 'express';
import { Eta } from 'eta';
import type { Account } from '../accounts/accountRepository.js';
import { fromProjectRoot } from '../config/projectRoot.js';
import type { CsrfGuard } from './csrf.js';

/** The page templates: eta compiles each on first use and keeps it. */
export interface PageTemplates {
  render(view: string, data: Record<string, unknown>): string;
}

export function createPageTemplates(): PageTemplates {
  const eta = new Eta({
    views: fromProjectRoot('server', 'src', 'dashboard', 'views'),
    cache: true,
    autoEscape: true,
  });
  return { render: (view, data) => eta.render(view, data) };
}

export type PageRenderer = (
  req: Request,
  res: Response,
  view: string,
  data?: Record<string, unknown>,
  status?: number,
) => void;

export function createPageRenderer(templates: PageTemplates, csrf: CsrfGuard): PageRenderer {
  return (req, res, view, data = {}, status = 200) => {
    const flash = req.session.flash;
    delete req.session.flash;
    const html = templates.render(view, {
      account: res.locals.account as Account | undefined,
      csrfToken: csrf.token(req, res),
      flash,
      ...data,
    });
    // Pages show account data and one-time secrets: never cache them.
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  };
}
