// How many places a name typed without a postcode can mean. A valuer's
// "Bahnhofstraße 5, Naumburg" may be Naumburg in Hessen or Naumburg (Saale);
// "Kirchhain" Kirchhain or Doberlug-Kirchhain's Ortsteil; "Buckow" Buckow
// (Märkische Schweiz) or Berlin's Ortsteil; "Brandenburg" a town or the
// state. Where a name can mean two places, the state files cannot tell which
// was meant (the other place's file may lack the house only by its age), so
// no official point answers and the geocoder decides.
//
// The places: the municipalities (by official key), named so, with what
// tells namesakes apart agreeing ("Naumburg" names Naumburg (Saale), "Halle
// (Westf.)" does not name Halle (Saale)), or one part of a merged name
// ("Bad Soden" of Bad Soden-Salmünster, "Petershagen" of
// Petershagen/Eggersdorf); postal places in states where no such
// municipality lies; Berlin's Ortsteile; and the states that are not a city
// ("Brandenburg", "Sachsen"). Only names that can mean more than one place
// are kept: the rest mean one at most.
import { GERMAN_STATES } from '#shared/germanStates.js';
import { placeKey } from '../addressKeys.js';
import { BERLIN_DISTRICTS } from '../addressWords/berlinDistricts.js';
import { placeName, qualifiersAgree, type PlaceName } from '../addressWords/placeNames.js';
import type { PostcodeArea } from './postcodeArea.js';
import type { Municipality } from './municipalityFile.js';

/**
 * Words that begin a municipality's name before a hyphen without being a
 * place of their own (Gau-Algesheim, Nieder-Olm, Ober-Ramstadt, Groß-Gerau,
 * Bad Soden-Salmünster has none: Bad Soden and Salmünster were two towns).
 */
const NAME_PREFIXES = new Set([
  'gau',
  'nieder',
  'ober',
  'unter',
  'mittel',
  'alt',
  'neu',
  'gross',
  'klein',
  'hohen',
  'nord',
  'sued',
  'ost',
  'west',
  'wendisch',
  'deutsch',
]);

interface Named {
  /** What the place is: a municipality's key, a postal place's state and name, … */
  identity: string;
  /** The states it lies in (a postal place: its own and those its area reaches). */
  states: readonly string[];
  qualifier: string;
  /**
   * Named only by this name typed bare: one part of a merged name, an
   * Ortsteil of Berlin, a state ("Brandenburg an der Havel" is no state).
   */
  bareOnly: boolean;
  /** A postal place: counted only where no municipality of the name lies in its states. */
  postal: boolean;
}

export interface Namesakes {
  /**
   * How many places the name can mean (1 for any name not known to mean
   * more), in the state typed with it if any ("Naumburg, Hessen") and in the
   * region it names ("Münster (Westf.)").
   */
  placesMeant(name: PlaceName, state?: string): number;
}

export function createNamesakes(
  areas: readonly Pick<PostcodeArea, 'state' | 'nearStates' | 'place'>[],
  municipalities: readonly Municipality[],
): Namesakes {
  const byKey = new Map<string, Named[]>();
  const add = (key: string, named: Named) => {
    if (key === '') return;
    const list = byKey.get(key);
    if (list) list.push(named);
    else byKey.set(key, [named]);
  };
  const addName = (written: string, named: Omit<Named, 'qualifier' | 'bareOnly'>) => {
    const name = placeName(written);
    add(name.base, { ...named, qualifier: name.qualifier, bareOnly: false });
    // "Gau-Heppenheim" is no Heppenheim: a word before a name is no merged part.
    if (NAME_PREFIXES.has(name.parts[0] ?? '')) return;
    for (const part of name.parts) add(part, { ...named, qualifier: '', bareOnly: true });
  };
  for (const m of municipalities) {
    addName(m.name, { identity: `ags:${m.ags}`, states: [m.state], postal: false });
  }
  for (const a of areas) {
    const states = [a.state, ...a.nearStates];
    addName(a.place, { identity: `postal:${a.state}:${placeKey(a.place)}`, states, postal: true });
  }
  for (const [district, ortsteile] of Object.entries(BERLIN_DISTRICTS)) {
    for (const ortsteil of ortsteile) {
      add(placeKey(ortsteil), {
        identity: `berlin:${district}:${ortsteil}`,
        states: ['BE'],
        qualifier: '',
        bareOnly: true,
        postal: false,
      });
    }
  }
  for (const state of GERMAN_STATES.filter((s) => !s.cityState)) {
    const named = { identity: `state:${state.code}`, states: [state.code], postal: false };
    add(placeKey(state.name), { ...named, qualifier: '', bareOnly: true });
  }
  // Keep only the names that can mean two places as typed bare; a typed
  // qualifier only narrows (placesMeant), so the rest mean one at most.
  for (const [key, list] of byKey) {
    if (meant(list, { key, base: key, qualifier: '', parts: [], regions: [], tail: '' }) < 2)
      byKey.delete(key);
  }
  return {
    placesMeant: (name, state) =>
      meant(
        (byKey.get(name.base) ?? []).filter(
          (n) =>
            (state === undefined || n.states.includes(state)) &&
            (name.regions.length === 0 || n.states.some((s) => name.regions.includes(s))),
        ),
        name,
      ),
  };
}

function meant(list: readonly Named[], name: PlaceName): number {
  // A name typed bare and whole ("Kirchhain", not "Rietz-Neuendorf", one of its own parts elsewhere).
  const bare = name.key === name.base && name.qualifier === '' && name.parts.length === 0;
  const named = list.filter((n) => !n.bareOnly);
  // "Halle/S." says which: those so named, where any is ("Halle (Saale)", not Halle in Niedersachsen).
  const so = named.filter((n) => name.qualifier !== '' && n.qualifier === name.qualifier);
  const fitting =
    so.length > 0
      ? so
      : [
          ...named.filter((n) => qualifiersAgree(name.qualifier, n.qualifier)),
          ...(bare ? list.filter((n) => n.bareOnly) : []),
        ];
  const places = new Set<string>();
  const placeStates = new Set<string>();
  for (const n of fitting) {
    if (n.postal) continue;
    places.add(n.identity);
    for (const s of n.states) placeStates.add(s);
  }
  // A postal place of a municipality counted already (Rüsselsheim, Rüsselsheim am Main).
  for (const n of fitting) {
    if (n.postal && !n.states.some((s) => placeStates.has(s))) places.add(`postal:${n.states[0]}`);
  }
  return Math.max(1, places.size);
}
