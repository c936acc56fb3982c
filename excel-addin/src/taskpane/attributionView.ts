// Footer of the task pane: the attribution of every source whose values are in
// the workbook (the dl-de/by-2-0 licence requires it next to the data; the list
// is kept in the workbook), each with how current its latest answer was, and
// the two disclaimers.
import { CALCULATION_DISCLAIMER, LICENSES, LOOKUP_DISCLAIMER } from '#shared/index.js';
import type { AttributionLog } from '../lookup/attributionLog.js';
import { byId, safeHref } from './dom.js';

const DEFAULT_LICENSE = LICENSES['dl-de/by-2-0'];

function link(text: string, url: string): HTMLElement {
  const href = safeHref(url);
  if (href === undefined) return document.createElement('span');
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.target = '_blank';
  anchor.rel = 'noopener';
  anchor.textContent = text;
  return anchor;
}

function renderList(log: AttributionLog): void {
  const list = byId('attribution');
  const items = log.latest().map((attribution) => {
    const item = document.createElement('li');
    item.append(`${attribution.text} `, link('Lizenz', attribution.license_url));
    if (attribution.source_url) item.append(' · ', link('Quelle', attribution.source_url));
    if (attribution.aktualitaet !== undefined) {
      const line = document.createElement('div');
      line.className = 'currency';
      line.textContent = attribution.aktualitaet;
      item.append(line);
    }
    return item;
  });
  if (items.length === 0) {
    const item = document.createElement('li');
    item.append(
      'Daten der Gutachterausschüsse der Länder; die genaue Quellenangabe erscheint nach der ersten Abfrage. ',
      link(DEFAULT_LICENSE.name, DEFAULT_LICENSE.url),
    );
    items.push(item);
  }
  list.replaceChildren(...items);
}

export function showNotice(log: AttributionLog): void {
  byId('lookup-disclaimer').textContent = LOOKUP_DISCLAIMER;
  byId('calculation-disclaimer').textContent = CALCULATION_DISCLAIMER;
  renderList(log);
  log.onChange(() => renderList(log));
  void log.load();
}
