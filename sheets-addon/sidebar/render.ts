// Fills the sidebar's sections from the server's answers. Text goes in through
// textContent only: attribution texts come from the service and are not HTML.
import type { MeResponse } from '#shared/apiTypes.js';
import type { ListedAttribution } from '#shared/client/attributionList.js';
import { keyPageLinks, progressText, type LookupProgress } from '#shared/client/lookupProgress.js';
import { LICENSES } from '#shared/texts.js';
import type { RecordState, SidebarState } from './protocol.js';

const PLAN_NAMES: Record<MeResponse['plan'], string> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`Sidebar.html lacks #${id}`);
  return element as T;
}

function element(tag: string, text: string, className?: string): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}

function link(href: string, text: string): HTMLAnchorElement {
  const anchor = element('a', text) as HTMLAnchorElement;
  anchor.href = href;
  anchor.target = '_blank';
  anchor.rel = 'noopener';
  return anchor;
}

export function renderSettings(state: SidebarState): void {
  const { apiKeyHint, keyScope, serviceUrl, defaultServiceUrl } = state.settings;
  const where = keyScope === 'document' ? 'nur für diese Tabelle' : 'für alle Ihre Tabellen';
  byId('key-status').textContent =
    apiKeyHint === null
      ? 'Kein API-Schlüssel hinterlegt.'
      : `API-Schlüssel hinterlegt (${apiKeyHint}, ${where}).`;
  byId('formula-key').textContent = state.settings.formulaKey;
  const hint = byId('fill-down-hint');
  hint.textContent = state.fillDownHint ?? '';
  hint.hidden = state.fillDownHint === undefined;
  byId<HTMLInputElement>('document-scope').checked = keyScope === 'document';
  byId('remove-key').hidden = apiKeyHint === null;
  const url = byId<HTMLInputElement>('service-url');
  url.value = serviceUrl === defaultServiceUrl ? '' : serviceUrl;
  url.placeholder = defaultServiceUrl;
  const links = keyPageLinks(serviceUrl);
  byId<HTMLAnchorElement>('keys-link').href = links.keys;
  byId<HTMLAnchorElement>('signup-link').href = links.signup;
}

const count = (value: number) => value.toLocaleString('de-DE');

/** How many values the spreadsheet keeps, how full the record is, and what is missing. */
export function renderRecord({ cells, bytes, maxBytes, missing }: RecordState): void {
  const kilobytes = (value: number) => count(Math.ceil(value / 1024));
  const parts = [
    `${count(cells)} ${cells === 1 ? 'Wert' : 'Werte'} in der Tabelle gespeichert (${kilobytes(bytes)} von ${kilobytes(maxBytes)} KB).`,
  ];
  if (missing > 0) {
    parts.push(
      `${count(missing)} ${missing === 1 ? 'Zelle' : 'Zellen'} ohne gespeicherten Wert (wird geladen, Fehler oder Speicher voll): sie fragen bei jeder Neuberechnung den Dienst.`,
    );
  }
  if (bytes >= maxBytes * 0.98) {
    parts.push(
      'Der Speicher der Tabelle ist voll: neue Werte werden angezeigt, aber nicht gespeichert. „Werte fixieren“ schafft Platz.',
    );
  }
  byId('record-status').textContent = parts.join(' ');
}

/** "137 von 400 Adressen, 3 Fehler" of the latest run; hidden when none ran lately. */
export function renderProgress(progress: LookupProgress | null): void {
  byId('progress').hidden = progress === null;
  if (progress === null) return;
  const bar = byId<HTMLProgressElement>('progress-bar');
  bar.max = Math.max(progress.total, 1);
  bar.value = progress.done;
  byId('progress-text').textContent = progressText(progress);
}

/** The source's attribution, and under it how current its latest answer was. */
function attributionItem(attribution: ListedAttribution): HTMLElement {
  const item = element('li', `${attribution.text} `);
  item.append(link(attribution.license_url, 'Lizenz'));
  if (attribution.source_url !== '') item.append(' · ', link(attribution.source_url, 'Quelle'));
  if (attribution.aktualitaet !== undefined)
    item.append(element('div', attribution.aktualitaet, 'currency'));
  return item;
}

export function renderAttributions(attributions: readonly ListedAttribution[]): void {
  const list = byId('attributions');
  list.replaceChildren(...attributions.map(attributionItem));
  byId('no-attribution').hidden = attributions.length > 0;
}

/** The licence line that is visible even before any lookup. */
export function renderLicense(): void {
  const { name, url } = LICENSES['dl-de/by-2-0'];
  byId('license').replaceChildren('Lizenz der Daten: ', link(url, `${name} (dl-de/by-2-0)`));
}

const date = (iso: string) => new Date(iso).toLocaleDateString('de-DE');

export function renderAccount(account: MeResponse): void {
  const rows: [string, string][] = [
    ['Tarif', PLAN_NAMES[account.plan]],
    ['Wirksamer Tarif', PLAN_NAMES[account.effective_plan]],
    [
      'Abfragen diesen Monat',
      account.limit === null
        ? `${account.usage_this_month} (unbegrenzt)`
        : `${account.usage_this_month} von ${account.limit}`,
    ],
    [
      'Testphase',
      account.trial_active && account.trial_expires_at !== null
        ? `aktiv bis ${date(account.trial_expires_at)}, ${account.trial_usage} von ${account.trial_limit} Abfragen`
        : 'nicht aktiv',
    ],
  ];
  const list = byId('account');
  list.replaceChildren(
    ...rows.flatMap(([term, value]) => [element('dt', term), element('dd', value)]),
  );
  const upgrade = byId('upgrade');
  upgrade.replaceChildren();
  if (account.quota_exhausted && account.upgrade_url !== null) {
    upgrade.append('Kontingent aufgebraucht – ', link(account.upgrade_url, 'Tarif upgraden'));
  }
}

export function showMessage(id: string, text: string, kind: 'info' | 'error'): void {
  const target = byId(id);
  target.textContent = text;
  target.className = `message ${kind}`;
}
