// Berlin's twelve Bezirke and the Ortsteile of each: a Bezirk typed as the
// place ("Berlin-Reinickendorf", "13507 Berlin-Reinickendorf") names one of
// its Ortsteile, which Berlin's file names (Tegel, Wittenau, …), not the
// Bezirk. Source: Gesetz über die Verwaltung der Bezirke Berlins
// (Bezirksverwaltungsgesetz), § 1 and its Anlage, and the Amt für Statistik
// Berlin-Brandenburg's list of the 96 Ortsteile. One table: docs/api.md says so.
import { placeKey } from '../addressKeys.js';

export const BERLIN_DISTRICTS: Readonly<Record<string, readonly string[]>> = {
  Mitte: ['Mitte', 'Moabit', 'Hansaviertel', 'Tiergarten', 'Wedding', 'Gesundbrunnen'],
  'Friedrichshain-Kreuzberg': ['Friedrichshain', 'Kreuzberg'],
  Pankow: [
    'Prenzlauer Berg',
    'Weißensee',
    'Blankenburg',
    'Heinersdorf',
    'Karow',
    'Stadtrandsiedlung Malchow',
    'Pankow',
    'Blankenfelde',
    'Buch',
    'Französisch Buchholz',
    'Niederschönhausen',
    'Rosenthal',
    'Wilhelmsruh',
  ],
  'Charlottenburg-Wilmersdorf': [
    'Charlottenburg',
    'Wilmersdorf',
    'Schmargendorf',
    'Grunewald',
    'Westend',
    'Charlottenburg-Nord',
    'Halensee',
  ],
  Spandau: [
    'Spandau',
    'Haselhorst',
    'Siemensstadt',
    'Staaken',
    'Gatow',
    'Kladow',
    'Hakenfelde',
    'Falkenhagener Feld',
    'Wilhelmstadt',
  ],
  'Steglitz-Zehlendorf': [
    'Steglitz',
    'Lichterfelde',
    'Lankwitz',
    'Zehlendorf',
    'Dahlem',
    'Nikolassee',
    'Wannsee',
  ],
  'Tempelhof-Schöneberg': [
    'Schöneberg',
    'Friedenau',
    'Tempelhof',
    'Mariendorf',
    'Marienfelde',
    'Lichtenrade',
  ],
  Neukölln: ['Neukölln', 'Britz', 'Buckow', 'Rudow', 'Gropiusstadt'],
  'Treptow-Köpenick': [
    'Alt-Treptow',
    'Plänterwald',
    'Baumschulenweg',
    'Johannisthal',
    'Niederschöneweide',
    'Altglienicke',
    'Adlershof',
    'Bohnsdorf',
    'Oberschöneweide',
    'Köpenick',
    'Friedrichshagen',
    'Rahnsdorf',
    'Grünau',
    'Müggelheim',
    'Schmöckwitz',
  ],
  'Marzahn-Hellersdorf': ['Marzahn', 'Biesdorf', 'Kaulsdorf', 'Mahlsdorf', 'Hellersdorf'],
  Lichtenberg: [
    'Friedrichsfelde',
    'Karlshorst',
    'Lichtenberg',
    'Falkenberg',
    'Malchow',
    'Wartenberg',
    'Neu-Hohenschönhausen',
    'Alt-Hohenschönhausen',
    'Fennpfuhl',
    'Rummelsburg',
  ],
  Reinickendorf: [
    'Reinickendorf',
    'Tegel',
    'Konradshöhe',
    'Heiligensee',
    'Frohnau',
    'Hermsdorf',
    'Waidmannslust',
    'Lübars',
    'Wittenau',
    'Märkisches Viertel',
    'Borsigwalde',
  ],
};

const BERLIN = 'berlin';
const BY_DISTRICT = new Map(
  Object.entries(BERLIN_DISTRICTS).map(([district, parts]) => [
    placeKey(district),
    new Set(parts.map(placeKey)),
  ]),
);

/** Whether a typed name is a Bezirk of Berlin that holds the point's Ortsteil. */
export function inBerlinDistrict(
  typed: string,
  municipalityKey: string,
  locality: string,
): boolean {
  return municipalityKey === BERLIN && (BY_DISTRICT.get(typed)?.has(locality) ?? false);
}
