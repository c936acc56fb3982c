// A minimal browser for driving the server-rendered pages over plain HTTP:
// a cookie jar, manual redirects and the documented form conventions
// (hidden _csrf field, login inputs email/password, consent buttons decision).
import { expect } from 'vitest';

export interface PageAnswer {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

export const decodeHtml = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

export class FormBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  async request(path: string, init: RequestInit = {}): Promise<PageAnswer> {
    const url = new URL(path, this.origin);
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return {
      status: res.status,
      location: res.headers.get('location'),
      html: await res.text(),
      headers: res.headers,
    };
  }

  get(path: string): Promise<PageAnswer> {
    return this.request(path);
  }

  post(path: string, fields: Record<string, string>): Promise<PageAnswer> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Loads a page, then submits its form at `action` with the page's CSRF token. */
  async submit(page: string, action: string, fields: Record<string, string>) {
    const form = await this.get(page);
    expect(form.status, form.html).toBe(200);
    return this.post(action, { _csrf: csrfToken(form.html), ...fields });
  }

  async login(email: string, password: string): Promise<PageAnswer> {
    return this.submit('/login', '/login', { email, password });
  }
}

export function csrfToken(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no CSRF token in page: ${html.slice(0, 300)}`);
  return decodeHtml(match[1]);
}

/** The hidden inputs of the consent form, as the browser would submit them. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[decodeHtml(match[1] ?? '')] = decodeHtml(match[2] ?? '');
  }
  return fields;
}

/** The ticked checkboxes of a form, as the browser would submit them. */
export function checkedBoxes(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(
    /<input type="checkbox" name="([^"]+)" value="([^"]*)" checked>/g,
  )) {
    fields[decodeHtml(match[1] ?? '')] = decodeHtml(match[2] ?? '');
  }
  return fields;
}
