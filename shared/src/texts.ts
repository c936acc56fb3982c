// Fixed German texts the data owners and the contract require (§1, §2.3), and the
// licence attribution of a lookup.
import type { Attribution, Geocoding, GeocodingWarning } from './apiTypes.js';

export const LOOKUP_DISCLAIMER =
  'Bodenrichtwerte sind von den Gutachterausschüssen ermittelte sachverständige ' +
  'Orientierungswerte. Sie sind kein Verkehrswert (Marktwert), kein Kaufpreis und ' +
  'keine Rechtsberatung.';

/** The parcel answer: its land value is area times land value, an orientation as well. */
export const PARCEL_DISCLAIMER =
  `${LOOKUP_DISCLAIMER} Der Bodenwert des Flurstücks (Flächenanteil × Bodenrichtwert je ` +
  'Zone) ist eine orientierende Rechnung und ersetzt keine Wertermittlung.';

export const CALCULATION_DISCLAIMER =
  'Die Umrechnung mit der amtlichen Standardformel ist eine orientierende Berechnung und ' +
  'ergibt keinen Verkehrswert (Marktwert). Sie ersetzt nicht die zonenspezifische amtliche ' +
  'Umrechnungstabelle des zuständigen Gutachterausschusses.';

/** The Liegenschaftszins answer: a committee's mean over its sales, in its own model. */
export const LIEGENSCHAFTSZINS_DISCLAIMER =
  'Liegenschaftszinssätze sind von den Gutachterausschüssen aus Kaufpreisen abgeleitete ' +
  'Durchschnittswerte. Sie gelten nur im Modell ihrer Ableitung (§ 10 ImmoWertV: ' +
  'Gesamtnutzungsdauer, Restnutzungsdauer, Bewirtschaftungskosten und Miete wie angegeben) ' +
  'und sind auf das Objekt anzupassen; sie sind kein Verkehrswert und keine Rechtsberatung.';

/**
 * The line of a fixed cell's note for a value converted to the plot's GFZ
 * (`gfz` as a German number): without the add-in's pane, the cell itself
 * says what CALCULATION_DISCLAIMER says of the conversion.
 */
export const gfzConversionLine = (gfz: string) =>
  `Umgerechnet auf GFZ ${gfz} mit der amtlichen Standardformel (orientierend; ersetzt nicht ` +
  'die Umrechnungstabelle des Gutachterausschusses)';

export const LICENSES = {
  'dl-de/by-2-0': {
    name: 'Datenlizenz Deutschland – Namensnennung – Version 2.0',
    url: 'https://www.govdata.de/dl-de/by-2-0',
  },
  'dl-de/zero-2-0': {
    name: 'Datenlizenz Deutschland – Zero – Version 2.0',
    url: 'https://www.govdata.de/dl-de/zero-2-0',
  },
  'cc-by-4.0': {
    name: 'Creative Commons Namensnennung 4.0 International',
    url: 'https://creativecommons.org/licenses/by/4.0/',
  },
} as const satisfies Record<string, { name: string; url: string }>;

export type LicenseId = keyof typeof LICENSES;

/** Used when a source names no owner, so the text still credits someone real. */
const FALLBACK_OWNER = 'Gutachterausschüsse für Grundstückswerte';

export interface AttributionInput {
  owners: readonly string[];
  year: number;
  sourceUrl: string;
  license?: LicenseId;
  /**
   * The credit line as the owner words it, "{year}" standing for the year
   * (Brandenburg's committees: "© Gutachterausschüsse für Grundstückswerte
   * {year}, dl-de/by-2-0 (www.govdata.de/dl-de/by-2-0)"); it replaces the
   * generated text.
   */
  credit?: string | undefined;
}

/**
 * Attribution text in the form the dl-de licences ask for: owner, year,
 * licence; or the owner's own credit line with the year filled in.
 */
export function buildAttribution({
  owners,
  year,
  sourceUrl,
  license = 'dl-de/by-2-0',
  credit,
}: AttributionInput): Attribution {
  const named = [...new Set(owners.map((owner) => owner.trim()).filter((o) => o !== ''))];
  const ownerText = named.length === 0 ? FALLBACK_OWNER : named.join(', ');
  const { name, url } = LICENSES[license];
  return {
    text:
      credit === undefined
        ? `© ${ownerText} (${year}), ${name} (${license})`
        : credit.replaceAll('{year}', String(year)),
    license_url: url,
    source_url: sourceUrl,
    year,
  };
}

const MATCH_TEXTS: Record<Exclude<Geocoding['match'], 'geocoder'>, string> = {
  exact: 'Adresse genau gefunden',
  postcode_area: 'Adresse gefunden, die Postleitzahl über ihr Gebiet geprüft',
  without_suffix: 'Hausnummer ohne den angegebenen Zusatz gefunden',
  similar_street: 'ähnlich geschriebene Straße im selben Ort',
};

/** Each warning: the part not confirmed, or a sentence of its own (docs/api.md lists them). */
export const WARNING_TEXTS: Record<GeocodingWarning, { part: string } | { sentence: string }> = {
  postcode: { part: 'Postleitzahl' },
  locality: { part: 'Ortsteil' },
  suffix: { part: 'Hausnummernzusatz' },
  street: { part: 'Straßenname' },
  postcode_restored: {
    sentence: 'Die vierstellige Postleitzahl wurde mit führender Null gelesen.',
  },
  place_spelling: {
    sentence:
      'Der Ort ist anders geschrieben als in den amtlichen Daten; die Postleitzahl bestätigt ihn.',
  },
  number_unexplained: {
    sentence:
      'Keine amtliche Hauskoordinate: Die Adresse enthält eine Zahl, die weder Hausnummer noch Postleitzahl noch Wohnungs-, Geschoss- oder Stellplatzangabe ist.',
  },
  part_unexplained: {
    sentence:
      'Keine amtliche Hauskoordinate: Ein Teil der Adresse ist weder Straße, Ort, Ortsteil noch eine bekannte Zusatzangabe (Wohnung, Geschoss, Stellplatz, c/o).',
  },
  suffix_unexplained: {
    sentence:
      'Keine amtliche Hauskoordinate: Die amtlichen Daten führen die Hausnummer, aber nicht mit dem angegebenen Zusatz; die Nummer ohne Zusatz kann ein anderes Gebäude sein.',
  },
  locality_unconfirmed: {
    sentence:
      'Keine amtliche Hauskoordinate: Der angegebene Ortsteil oder Teil des Gemeindenamens lässt sich mit den amtlichen Daten des Landes nicht bestätigen.',
  },
  postcode_unconfirmed: {
    sentence:
      'Keine amtliche Hauskoordinate: Die amtlichen Daten des Landes führen keine Postleitzahlen, und die Adresse kann ebenso im Gebiet einer benachbarten Postleitzahl liegen.',
  },
  number_range: {
    sentence:
      'Keine amtliche Hauskoordinate: Die Hausnummer ist ein Bereich oder mit Bindestrich ergänzt (etwa „80-82“); welches Gebäude gemeint ist, bleibt offen.',
  },
  place_ambiguous: {
    sentence:
      'Keine amtliche Hauskoordinate: Der angegebene Ort ist Ortsteil einer Gemeinde und Ortsteil oder Name einer anderen; die Postleitzahl entscheidet nicht, welche gemeint ist.',
  },
  number_missing: {
    sentence:
      'Keine amtliche Hauskoordinate: Die Adresse nennt keine Hausnummer; die Zahl gehört zu einer Wohnungs-, Geschoss- oder Stellplatzangabe.',
  },
  state_unexplained: {
    sentence:
      'Keine amtliche Hauskoordinate: Das angegebene Bundesland passt nicht zur Postleitzahl oder zum Ort.',
  },
  not_in_official_data: {
    sentence:
      'Keine amtliche Hauskoordinate: Die amtlichen Hauskoordinaten des Landes führen keine Adresse, die zu allen Angaben passt (etwa bei einem früheren Gemeindenamen).',
  },
};

/** The warnings as German sentences ('' when none). */
export function warningSentences(warnings: readonly GeocodingWarning[]): string {
  const texts = warnings.map((w) => WARNING_TEXTS[w]);
  const parts = texts.flatMap((t) => ('part' in t ? [t.part] : []));
  const sentences = texts.flatMap((t) => ('sentence' in t ? [t.sentence] : []));
  const unconfirmed = parts.length === 0 ? [] : [`Nicht bestätigt: ${parts.join(', ')}.`];
  return [...unconfirmed, ...sentences].map((s) => ` ${s}`).join('');
}

function unconfirmed(geocoding: Geocoding): string {
  return warningSentences(geocoding.warnings ?? []);
}

/** How the address was located, in one German sentence (lookup page, MCP). */
export function describeGeocoding(geocoding: Geocoding): string {
  if (geocoding.source === 'geocoder') {
    return `Verortet über den Geokodierer (keine amtliche Hauskoordinate gefunden).${unconfirmed(geocoding)}`;
  }
  const quality =
    geocoding.quality === 'A'
      ? ', Qualität A (im Gebäude)'
      : geocoding.quality === 'B'
        ? ', Qualität B (auf dem Flurstück)'
        : '';
  const match = geocoding.match === 'geocoder' ? '' : `; ${MATCH_TEXTS[geocoding.match]}`;
  return `Verortet über die amtliche Hauskoordinate (${geocoding.dataset ?? 'Hauskoordinaten'}${quality})${match}.${unconfirmed(geocoding)}`;
}
