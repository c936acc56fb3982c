// Runs a curl command the dashboard shows for copying, the way curl would:
// -X, -H, -u (Basic) and -d (form fields, which make it a POST), with double
// quotes as the only shell quoting the pages use. An option it does not know
// fails the test, so a page cannot show a command this runner skips over.
import { decodeHtml } from '../../oauth/support/formBrowser.js';

function words(command: string): string[] {
  const found = command.match(/"[^"]*"|\S+/g) ?? [];
  return found.map((word) => (word.startsWith('"') ? word.slice(1, -1) : word));
}

/** The copyable field's value (an input's value or a textarea's text) with the given id. */
export function copyFieldValue(html: string, id: string): string {
  const textarea = new RegExp(`<textarea id="${id}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
  const input = new RegExp(`<input id="${id}"[^>]* value="([^"]*)"`).exec(html)?.[1];
  const value = textarea ?? input;
  if (value === undefined) throw new Error(`no copy field ${id} in the page`);
  return decodeHtml(value);
}

export async function runCurl(command: string): Promise<Response> {
  const [program, ...args] = words(command);
  if (program !== 'curl') throw new Error(`not a curl command: ${command}`);
  const headers = new Headers();
  const form = new URLSearchParams();
  let method: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const value = args[i + 1] ?? '';
    if (arg === '-X') method = value;
    else if (arg === '-H')
      headers.append(
        value.slice(0, value.indexOf(':')),
        value.slice(value.indexOf(':') + 1).trim(),
      );
    else if (arg === '-u')
      headers.set('Authorization', `Basic ${Buffer.from(value).toString('base64')}`);
    else if (arg === '-d') {
      const eq = value.indexOf('=');
      form.append(value.slice(0, eq), value.slice(eq + 1));
    } else if (/^https?:\/\//.test(arg)) {
      url = arg;
      continue;
    } else throw new Error(`curl option not understood: ${arg}`);
    i += 1;
  }
  if (!url) throw new Error(`no URL in: ${command}`);
  const hasForm = [...form.keys()].length > 0;
  if (hasForm) headers.set('Content-Type', 'application/x-www-form-urlencoded');
  return fetch(url, {
    method: method ?? (hasForm ? 'POST' : 'GET'),
    headers,
    ...(hasForm ? { body: form.toString() } : {}),
  });
}
