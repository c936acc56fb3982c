// The currency line both add-ins show under a source's attribution: how
// current its latest answer was (aktualitaet), so a workbook's reader sees
// that newer land values exist even where the cells do not say so.
import type { Aktualitaet, BodenrichtwertResponse } from '../apiTypes.js';
import { germanDate } from '../stichtag.js';

const TURNUS_TEXT = { jaehrlich: 'jährlich', zweijaehrlich: 'alle zwei Jahre' } as const;

/**
 * "Stand 01.01.2024 · vom Dienst angeboten 01.01.2024 · nach Turnus (alle zwei
 * Jahre) fällig 01.01.2026", without the hinweis (pages that show it apart).
 */
export function currencyFacts(aktualitaet: Aktualitaet): string {
  const parts = [`Stand ${germanDate(aktualitaet.stichtag)}`];
  if (aktualitaet.stichtag_angeboten !== undefined) {
    parts.push(`vom Dienst angeboten ${germanDate(aktualitaet.stichtag_angeboten)}`);
  }
  if (aktualitaet.stichtag_erwartet !== undefined) {
    const turnus = aktualitaet.turnus === undefined ? '' : ` (${TURNUS_TEXT[aktualitaet.turnus]})`;
    parts.push(`nach Turnus${turnus} fällig ${germanDate(aktualitaet.stichtag_erwartet)}`);
  }
  return parts.join(' · ');
}

/** The facts and, where there is one, the hinweis. */
export function currencyLine(aktualitaet: Aktualitaet): string {
  const line = currencyFacts(aktualitaet);
  return aktualitaet.hinweis === undefined ? line : `${line} – ${aktualitaet.hinweis}`;
}

/**
 * The answer's attribution with its currency line, as the add-ins list it.
 * An answer kept from before the service said how current it was has none.
 */
export function listedAttribution(
  response: Pick<BodenrichtwertResponse, 'attribution'> &
    Partial<Pick<BodenrichtwertResponse, 'aktualitaet'>>,
) {
  const { attribution, aktualitaet } = response;
  return aktualitaet === undefined
    ? attribution
    : { ...attribution, aktualitaet: currencyLine(aktualitaet) };
}
