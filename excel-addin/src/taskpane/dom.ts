// Small DOM helpers for the task pane. Texts from the service go in as text
// nodes, never as HTML, and only http(s) links become hrefs.

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`taskpane.html lacks #${id}`);
  return element as T;
}

export function safeHref(url: string): string | undefined {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function showStatus(element: HTMLElement, text: string, isError = false): void {
  element.textContent = text;
  element.classList.toggle('error', isError);
}
