// A download address as the operator sees it, and the file name it gives.
// Messages show an address without its query and credentials: a mirror's
// address may carry a token there, and query strings are never printed or
// logged.

export function displayUrl(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return '(ungültige Adresse)';
  }
}

/** The last path segment, reduced to safe characters ("download" when there is none). */
export function fileNameOf(url: string): string {
  const segment =
    new URL(url).pathname
      .split('/')
      .filter((s) => s !== '')
      .at(-1) ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return safe === '' ? 'download' : safe.slice(0, 120);
}
