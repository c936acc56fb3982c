// Where login sends the user back to: only a path on this site, so the
// `next` parameter cannot become an open redirect.
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/dashboard';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/dashboard';
  return value;
}
