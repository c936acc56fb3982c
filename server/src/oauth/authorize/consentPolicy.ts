// The consent form posts to us and we answer with a redirect to the app.
// Chromium applies CSP form-action to that redirect too, so the consent page
// (only it) allows the app's redirect origin besides 'self'.
import type { Response } from 'express';

export function allowFormRedirectTo(res: Response, redirectUri: string): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const origin = new URL(redirectUri).origin;
  res.setHeader(
    'Content-Security-Policy',
    policy.replace(
      /form-action ([^;]*)/,
      (_match, sources: string) => `form-action ${sources} ${origin}`,
    ),
  );
}
