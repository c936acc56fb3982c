// How current an answer is (§2.2 `aktualitaet`): the stichtag it holds, the
// newest the state's service offers (read in the background), the newest the
// state's cycle makes due, and a German note where they differ. Some states
// publish a new stichtag before their machine service serves it (Hessen: 2026
// values in the viewer, the WFS still on 2024); a valuer must then not take
// the older value for the current one. Nothing here is typed into the
// registry as a date: the cycle and the clock give the expected stichtag, the
// service itself the offered one, so a service that publishes the new year
// makes the note disappear.
import type { Aktualitaet } from '#shared/apiTypes.js';
import { germanDate } from '../history/datedLookup.js';
import type { SourceCurrency } from '../currencyDefinition.js';
import { expectedNewestStichtag } from './expectedStichtag.js';
import type { OfferedStichtag } from './offeredStichtag.js';

const TURNUS_OF = { yearly: 'jaehrlich', biennial: 'zweijaehrlich' } as const;

export interface CurrencyFacts {
  /** The state's German name. */
  name: string;
  currency?: Pick<SourceCurrency, 'cycle'> | undefined;
  offered: OfferedStichtag | undefined;
  /** YYYY-MM-DD: the newest stichtag the answer holds. */
  answered: string;
  /** YYYY-MM-DD: the day asked about (a dated lookup's stichtag, else today). */
  asOf: string;
  /** YYYY-MM-DD: the German calendar day now. */
  today: string;
}

export function aktualitaetOf(facts: CurrencyFacts): Aktualitaet {
  const { answered, asOf, today, offered, currency } = facts;
  const expected = currency && expectedNewestStichtag(currency.cycle, asOf, today);
  // A dated lookup before a newer offered stichtag is answered by the older values.
  const offeredThen = offered && offered.stichtag <= asOf ? offered.stichtag : undefined;
  const served = offeredThen !== undefined && offeredThen > answered ? offeredThen : answered;
  const notes = [
    ...(expected !== undefined && expected > served
      ? [
          `Für ${facts.name} sind Bodenrichtwerte zum ${germanDate(expected)} veröffentlicht; ` +
            `der Dienst liefert bisher den Stand ${germanDate(served)}.`,
        ]
      : []),
    ...(served > answered
      ? [
          `Der Dienst bietet inzwischen Bodenrichtwerte zum ${germanDate(served)} an; ` +
            `diese Antwort enthält den Stand ${germanDate(answered)}.`,
        ]
      : []),
  ];
  return {
    stichtag: answered,
    ...(offered === undefined
      ? {}
      : { stichtag_angeboten: offered.stichtag, angebot_gelesen_am: offered.readAt.toISOString() }),
    ...(expected === undefined ? {} : { stichtag_erwartet: expected }),
    ...(currency === undefined ? {} : { turnus: TURNUS_OF[currency.cycle.every] }),
    ...(notes.length === 0 ? {} : { hinweis: notes.join(' ') }),
  };
}
