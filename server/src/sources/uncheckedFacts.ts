// Facts an answer could not check because an optional part of a state's
// service failed (Brandenburg's and Hessen's procedure areas, BR_Verfahren,
// whose element names and whether the service takes a second wfs:Query are
// unverified). The zones are answered all the same: an optional fact never
// costs the answer. The answer says what is missing (`hinweise`, German), and
// the cache keeps it only briefly, so the fact is asked again soon.

/** What may go unchecked, and what the answer then says. */
export const UNCHECKED_HINWEISE = {
  procedureAreas:
    'Ob die Adresse in einem Sanierungsgebiet oder Entwicklungsbereich liegt, konnte bei der ' +
    'amtlichen Quelle nicht geprüft werden; ein Verfahrensgrund kann daher fehlen. Die Angabe ' +
    'wird in Kürze erneut abgefragt.',
} as const;

export type UncheckedFact = keyof typeof UNCHECKED_HINWEISE;

/**
 * How long an answer with an unchecked fact counts as fresh: long enough to
 * spare a refusing service a request per lookup, short enough to ask again
 * within the hour. Past it, the answer is served stale and renewed.
 */
export const UNCHECKED_FRESH_MS = 15 * 60 * 1000;

/** The German notes of the facts, each once, in a stable order. */
export function hinweiseOf(facts: Iterable<UncheckedFact>): string[] {
  const seen = new Set(facts);
  return (Object.keys(UNCHECKED_HINWEISE) as UncheckedFact[])
    .filter((fact) => seen.has(fact))
    .map((fact) => UNCHECKED_HINWEISE[fact]);
}
