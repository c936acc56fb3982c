// A page of its own that asks before an action that cannot be undone (revoking
// a key, deleting an app, ending an app's access). The list links here with a
// GET; only this page's form POSTs the action, so it works without JavaScript
// and the action still needs the form's CSRF token.
import type { Request, Response } from 'express';
import type { WebLayer } from '../../web/webLayer.js';

export interface ConfirmStep {
  /** The navigation entry the page belongs to. */
  nav: string;
  /** A question, e.g. "Schlüssel widerrufen?". */
  title: string;
  /** What the action hits, e.g. the key's name. */
  subject: string;
  /** A tag next to the subject, e.g. "nicht verifiziert". */
  warning?: string;
  /** What happens, and that it cannot be undone. */
  message: string;
  /** Where the form posts. */
  action: string;
  confirmLabel: string;
  cancelHref: string;
}

export function renderConfirmStep(
  web: Pick<WebLayer, 'render'>,
  req: Request,
  res: Response,
  step: ConfirmStep,
): void {
  web.render(req, res, 'confirmAction', { ...step });
}
