// What valuers type, and what the answer must be: the official point named,
// the geocoder (never an official point: `fallback`), or 451. The hard cases
// are the kinds the matcher once answered wrongly with `exact`; the ordinary
// ones are every corpus point typed the usual ways, plus points spread over
// the postcodes of the imported states.
import { loadPostcodeFile } from '#server/geocoding/postcodes/postcodeFile.js';
import { kilometres } from '#server/geocoding/postcodes/postcodeArea.js';
import type { CorpusCase, Expected } from '#dev/fakes/addressCorpus.js';
import { TYPED_WORLD, WORLD, type WorldPoint } from './world.js';

export type { Expected };
export type Case = CorpusCase;

const hard = (kind: string, input: string, expected: Expected): Case => ({ kind, input, expected });

export const HARD_CASES: readonly Case[] = [
  hard('same street in two Ortsteile (file with postcodes)', 'Hauptstraße 100, 10317 Berlin', {
    point: 'berlin-rummelsburg',
  }),
  hard('same street in two Ortsteile (file with postcodes)', 'Hauptstraße 100, 10827 Berlin', {
    point: 'berlin-schoeneberg',
  }),
  hard('wrong postcode (file with postcodes)', 'Hauptstraße 100, 10318 Berlin', 'fallback'),
  hard('same street, no postcode', 'Hauptstraße 100, Berlin', 'fallback'),
  // The Porz point is nearer the points of 51145 and 51147 than of 51143: with a namesake in
  // the same city the representative points cannot confirm the postcode.
  hard(
    'same street in two Ortsteile (file without postcodes)',
    'Hauptstraße 100, 51143 Köln',
    'fallback',
  ),
  hard('same street in two Ortsteile (file without postcodes)', 'Hauptstraße 100, 50996 Köln', {
    point: 'koeln-rodenkirchen',
  }),
  // An Ortsteil NRW's file cannot confirm: no point, though the postcode would tell Porz.
  hard('Ortsteil the file does not name', 'Hauptstraße 100, 51143 Köln-Porz', 'fallback'),
  hard('same street, no postcode', 'Hauptstraße 100, Köln', 'fallback'),
  hard('wrong postcode (file without postcodes)', 'Hauptstraße 100, 50667 Köln', 'fallback'),
  hard('Ortsteil typed', 'Schulstraße 30, Nieder-Erlenbach, 60437 Frankfurt am Main', {
    point: 'ffm-nieder-erlenbach',
  }),
  // An Ortsteil hyphenated to what tells namesakes apart is an Ortsteil all the same.
  ...[
    'Schulstraße 30, 60437 Frankfurt am Main-Nieder-Erlenbach',
    'Schulstraße 30, 60437 Frankfurt a.M.-Nieder-Erlenbach',
    'Schulstraße 30, 60437 Frankfurt am Main (Nieder-Erlenbach)',
  ].map((input) => hard('Ortsteil after the qualifier', input, { point: 'ffm-nieder-erlenbach' })),
  ...[
    'Schulstraße 30, 60437 Frankfurt am Main-Bergen-Enkheim',
    'Schulstraße 30, 60437 Frankfurt a.M.-Harheim',
    'Bahnhofstraße 35, 06108 Halle (Saale)-Neustadt',
    'Bahnhofstraße 35, 06108 Halle/Saale-Giebichenstein',
    'Schulstraße 30, 60437 Frankfurt am Main (Harheim)',
    'Bahnhofstraße 35, 06108 Halle an der Saale (Giebichenstein)',
  ].map((input) => hard('Ortsteil after the qualifier', input, 'fallback')),
  hard(
    'same street in two Ortsteile (file without postcodes)',
    'Schulstraße 30, 60594 Frankfurt am Main',
    { point: 'ffm-sachsenhausen' },
  ),
  hard(
    'Ortsteil contradicts',
    'Schulstraße 30, Sachsenhausen, 60437 Frankfurt am Main',
    'fallback',
  ),
  // Without a postcode, a town's name is also another town's Ortsteil: nothing says which.
  hard('a town and an Ortsteil elsewhere, no postcode', 'Waldstraße 18, Griesheim', 'fallback'),
  hard('a town and an Ortsteil elsewhere, no postcode', 'Waldstraße 18, 64347 Griesheim', {
    point: 'griesheim',
  }),
  hard('a town and an Ortsteil elsewhere, no postcode', 'Waldstraße 18, 65933 Griesheim', {
    point: 'ffm-griesheim',
  }),
  hard(
    'a town and an Ortsteil elsewhere, no postcode',
    'Waldstraße 18, Frankfurt am Main-Griesheim',
    { point: 'ffm-griesheim' },
  ),
  // The first word of the file's Ortsteil names it; another Ortsteil's name cut short does not.
  ...[
    'Bruchfeldstraße 10, 60528 Frankfurt-Niederrad',
    'Rohrbachstraße 40, 60389 Frankfurt-Nordend',
    'Rohrbachstraße 40, Nordend, 60389 Frankfurt am Main',
  ].map((input) =>
    hard('Ortsteil the beginning of the file’s', input, {
      point: input.startsWith('B') ? 'ffm-niederrad' : 'ffm-nordend-ost',
    }),
  ),
  ...[
    'Bruchfeldstraße 10, 60528 Frankfurt-Nied',
    'Bruchfeldstraße 10, 60528 Frankfurt am Main (Nied)',
    'Bruchfeldstraße 10, Nied, 60528 Frankfurt am Main',
    'Rohrbachstraße 40, 60389 Frankfurt-Nord',
  ].map((input) => hard('Ortsteil the beginning of the file’s', input, 'fallback')),
  hard('same street, no postcode', 'Schulstraße 30, Frankfurt am Main', 'fallback'),
  hard('place prefix of another municipality', 'Bahnhofstraße 35, 59065 Hamm', { point: 'hamm' }),
  // 57577 is Hamm (Sieg): the qualifier names the namesake, not 59065's Hamm.
  hard(
    "a namesake's qualifier with the postcode of another",
    'Bahnhofstraße 35, 59065 Hamm (Sieg)',
    'fallback',
  ),
  hard('a qualifier no namesake has', 'Bahnhofstraße 35, 59065 Hamm (Westf.)', { point: 'hamm' }),
  hard("the postcode's place under its full name", 'Rekumer Straße 10, 45721 Haltern am See', {
    point: 'haltern',
  }),
  hard('German part of a bilingual name, no postcode', 'Berliner Straße 20, Cottbus', {
    point: 'cottbus-berliner',
  }),
  hard('German part of a bilingual name', 'Berliner Straße 20, 03046 Cottbus', {
    point: 'cottbus-berliner',
  }),
  hard('German part of a bilingual name, initial', 'K.-Marx-Str. 5, 03044 Cottbus', {
    point: 'cottbus-marx',
  }),
  hard('Ortsteil beginning like its town, no postcode', 'Fliederweg 12, Frankfurt', 'fallback'),
  hard(
    'Ortsteil beginning like its town',
    'Fliederweg 12, Frankfurter Berg, 60433 Frankfurt am Main',
    {
      point: 'ffm-frankfurter-berg',
    },
  ),
  hard('name the file writes longer, no postcode', 'Kisseleffstraße 7, Bad Homburg', {
    point: 'bad-homburg-kisseleff',
  }),
  hard('name the file writes longer, no postcode', 'Kisseleffstraße 7, Bad Homburg v. d. Höhe', {
    point: 'bad-homburg-kisseleff',
  }),
  hard('namesakes in two states with points, no postcode', 'Kirchplatz 3, Schwalmtal', 'fallback'),
  hard('namesakes in two states with points', 'Kirchplatz 3, 41366 Schwalmtal', {
    point: 'schwalmtal-nw',
  }),
  hard('region telling namesakes apart, no postcode', 'Kirchplatz 3, Schwalmtal (Rheinland)', {
    point: 'schwalmtal-nw',
  }),
  hard(
    'region of another state than the postcode',
    'Kirchplatz 3, 36318 Schwalmtal (Rheinland)',
    'fallback',
  ),
  hard('town named like its state, no postcode', 'Steinstraße 20, Brandenburg', 'fallback'),
  hard('town named like its state', 'Steinstraße 20, 14776 Brandenburg', {
    point: 'brandenburg-havel',
  }),
  hard('town named like its state, its full name', 'Steinstraße 20, Brandenburg an der Havel', {
    point: 'brandenburg-havel',
  }),
  hard('town named like its state, short form', 'Steinstraße 20, Brandenburg/Havel', {
    point: 'brandenburg-havel',
  }),
  hard('municipality renamed since its postal name', 'Seestraße 5, 15526 Bad Saarow', {
    point: 'bad-saarow',
  }),
  hard(
    'a namesake far from the postcode, named by its qualifier',
    'Schulstraße 3, 16259 Falkenberg/Elster',
    'fallback',
  ),
  hard('a town sharing its postcode', 'Schulstraße 3, 16259 Falkenberg', {
    point: 'falkenberg-mol',
  }),
  hard(
    'the town of an Ortsteil with a postal name of its own',
    'Rudolf-Breitscheid-Straße 5, 06628 Naumburg (Saale)',
    {
      point: 'naumburg-koesen',
    },
  ),
  hard(
    'words in brackets that tell nothing apart',
    'Bäckerstraße 45, 32423 Minden (Kanzlei)',
    'fallback',
  ),
  hard('a town name cut short', 'Kisseleffstraße 7, 61348 Bad Hom', 'fallback'),
  hard('first part of a name joined by a slash', 'Dorfstraße 12, 19336 Legde', 'fallback'),
  hard('Ortsteil of a name joined by a slash', 'Dorfstraße 12, 19336 Quitzöbel', {
    point: 'quitzoebel',
  }),
  hard('name joined by a slash', 'Dorfstraße 12, 19336 Legde/Quitzöbel', { point: 'quitzoebel' }),
  hard('place prefix of another municipality', 'Bahnhofstraße 35, 46499 Hamminkeln', {
    point: 'hamminkeln',
  }),
  hard('place prefix, namesakes across states', 'Bahnhofstraße 35, 06108 Halle', {
    point: 'halle-saale',
  }),
  hard('place prefix, namesakes across states', 'Bahnhofstraße 35, 33790 Halle', {
    point: 'halle-westf',
  }),
  hard('place prefix without postcode', 'Bahnhofstraße 35, Halle', 'fallback'),
  hard('place prefix, namesakes across states', 'Berliner Straße 60, 15230 Frankfurt', {
    point: 'frankfurt-oder',
  }),
  hard('place prefix, namesakes across states', 'Berliner Straße 60, 60311 Frankfurt', {
    point: 'ffm-innenstadt',
  }),
  hard('place prefix without postcode', 'Berliner Straße 60, Frankfurt', 'fallback'),
  hard('Ortsteil as place, namesake in another state', 'Berger Straße 20, 60385 Bornheim', {
    point: 'ffm-bornheim',
  }),
  hard('Ortsteil as place, namesake in another state', 'Berger Straße 20, 53332 Bornheim', {
    point: 'bornheim-nw',
  }),
  hard('Ortsteil as place', 'Dorfstraße 5, 14476 Marquardt', { point: 'potsdam-marquardt' }),
  hard('same street in three Ortsteile, one postcode', 'Dorfstraße 5, 14476 Potsdam', 'fallback'),
  hard('Ortsteil typed', 'Dorfstraße 5, Fahrland, 14476 Potsdam', { point: 'potsdam-fahrland' }),
  hard('Ortsteil typed', 'Dorfstraße 5, OT Satzkorn, 14476 Potsdam', { point: 'potsdam-satzkorn' }),
  hard('namesake in a state without open points (BY)', 'Lindenstraße 5, 91586 Lichtenau', 451),
  hard('namesake in a state without open points (BY)', 'Lindenstraße 5 91586 Lichtenau', 451),
  hard('namesake, the imported one', 'Lindenstraße 5, 33165 Lichtenau', { point: 'lichtenau-nw' }),
  hard('namesakes across states, no postcode', 'Lindenstraße 5, Lichtenau', 'fallback'),
  hard('namesake known only as a municipality, no postcode', 'Bäckerstraße 45, Minden', 'fallback'),
  hard('namesake known only as a municipality', 'Bäckerstraße 45, 32423 Minden', {
    point: 'minden-nw',
  }),
  hard(
    'namesake in a state without open points (NI)',
    'Kirchstraße 2, 49434 Neuenkirchen',
    'fallback',
  ),
  hard(
    'namesake in a state without open points (NI)',
    'Kirchstraße 2, 49586 Neuenkirchen',
    'fallback',
  ),
  hard('namesake, the imported one', 'Kirchstraße 2, 48485 Neuenkirchen', {
    point: 'neuenkirchen-nw',
  }),
  hard('namesakes across states, no postcode', 'Kirchstraße 2, Neuenkirchen', 'fallback'),
  hard('a state the service may not answer for', 'Marienplatz 1, 80331 München', 451),
  hard('a state the service may not answer for', 'Holstenstraße 1, 24103 Kiel', 451),
  hard('house number with a fraction', 'Prinzipalmarkt 10 1/2, 48143 Münster', {
    point: 'muenster-10-1/2',
  }),
  hard('house number with a fraction', 'Prinzipalmarkt 10½, 48143 Münster', {
    point: 'muenster-10-1/2',
  }),
  hard('house number with a fraction', 'Prinzipalmarkt 10 1/3, 48143 Münster', 'fallback'),
  hard('house number', 'Prinzipalmarkt 10, 48143 Münster', { point: 'muenster-10' }),
  // A range names no one house: the point of its first number is not said to be the property.
  hard('house number range', 'Prinzipalmarkt 10-12, 48143 Münster', 'fallback'),
  hard('house number with letter', 'Prinzipalmarkt 11 b, 48143 Münster', { point: 'muenster-11b' }),
  hard('house number with letter', 'Prinzipalmarkt 11B, 48143 Münster', { point: 'muenster-11b' }),
  hard('unknown postcode', 'Prinzipalmarkt 10, 48999 Münster', 'fallback'),
  hard('postcode of another city', 'Prinzipalmarkt 10, 45127 Münster', 'fallback'),
];

const typed = (kind: string, input: string, expected: Expected): Case => ({
  kind,
  input,
  expected,
});

/** The kinds of issue 47, at the points of TYPED_WORLD (world.ts) and the corpus above. */
export const TYPED_CASES: readonly Case[] = [
  ...[
    'Rüttenscheider Straße 24 Whg. 5, 45130 Essen',
    'Rüttenscheider Str. 24 WE 12, 45130 Essen',
    'Rüttenscheider Straße 24 App. 5 45130 Essen',
    'Rüttenscheider Straße 24 TG 5, 45130 Essen',
    'Rüttenscheider Straße 24 OG 2, 45130 Essen',
    'Rüttenscheider Straße 24 Nr. 5, 45130 Essen',
    'Rüttenscheider Straße 24, Whg. 5, 45130 Essen',
    'Rüttenscheider Straße 24, 2. OG, 45130 Essen',
    'Rüttenscheider Straße 24, Stellplatz 5, 45130 Essen',
    'c/o Schulz, Rüttenscheider Straße 24, 45130 Essen',
  ].map((input) => typed('flat or parking note', input, { point: 'essen-24' })),
  ...[
    'Rüttenscheider Straße 24/Whg. 5, 45130 Essen',
    'Rüttenscheider Straße 24Whg5, 45130 Essen',
    'Rüttenscheider Str.24 WE12, 45130 Essen',
    'Rüttenscheider Straße 24-WE 12, 45130 Essen',
    'Rüttenscheider Straße 24 / 5. OG, 45130 Essen',
    'Rüttenscheider Straße 24 (Whg. 5), 45130 Essen',
    'Rüttenscheider Straße 24 WE 12 + TG 3, 45130 Essen',
  ].map((input) => typed('note glued to the number', input, { point: 'essen-24' })),
  // The note's number is no house number: Rüttenscheider Straße 5 is another building.
  ...[
    'Rüttenscheider Straße WE 5, 45130 Essen',
    'Rüttenscheider Straße Whg. 5, 45130 Essen',
    'Rüttenscheider Str. OG 5, 45130 Essen',
    'Rüttenscheider Straße App. 5, 45130 Essen',
  ].map((input) => typed('a note without a house number', input, 'fallback')),
  typed('a number nothing explains', 'Rüttenscheider Straße 24 7, 45130 Essen', 'fallback'),
  // The 5 after a word nothing explains is no house number: Rüttenscheider Straße 5 exists.
  ...[
    'Rüttenscheider Straße 24 Block 5, 45130 Essen',
    'Rüttenscheider Straße 24 Flur 5, 45130 Essen',
  ].map((input) => typed('a number after a word nothing explains', input, 'fallback')),
  ...[
    'Rüttenscheider Straße 24 Whg.-Nr. 5, 45130 Essen',
    'Rüttenscheider Straße 24, Hinterhaus, 2.OG links, 45130 Essen',
    'Rüttenscheider Straße 24 VH 3.Etage, 45130 Essen',
    'Rüttenscheider Straße 24, Haus B, Aufgang 2, 45130 Essen',
    'Rüttenscheider Straße 24 SE 5, 45130 Essen',
    'ETW 5, Rüttenscheider Straße 24, 45130 Essen',
    'Rüttenscheider Straße24, 45130 Essen',
    'Rüttenscheider Straße 24, 45130 Essen – MFH, Baujahr 1965',
    'Rüttenscheider Straße 24, 45130 Essen (ETW)',
    '45130 Essen - Rüttenscheider Straße 24',
  ].map((input) => typed('a unit or building part of the address', input, { point: 'essen-24' })),
  typed('a suffix the file does not hold', 'Rüttenscheider Straße 24 b, 45130 Essen', 'fallback'),
  typed(
    'a part nothing explains',
    'Rüttenscheider Straße 24, Hinterhaus 3, 45130 Essen',
    'fallback',
  ),
  typed('part of a merged name', 'Bahnhofstraße 12, 33378 Rheda', 'fallback'),
  typed('part of a merged name', 'Bahnhofstraße 12, 33378 Rheda-Wiedenbrück', {
    point: 'rheda-wiedenbrueck',
  }),
  typed('part of a merged name', 'Dorfstraße 3, 15848 Rietz', 'fallback'),
  typed('part of a merged name', 'Dorfstraße 3, 15848 Neubrück', { point: 'rietz-neubrueck' }),
  typed('part of a merged name', 'Dorfstraße 3, OT Neubrück, 15848 Rietz-Neuendorf', {
    point: 'rietz-neubrueck',
  }),
  typed('part of a merged name', 'Lange Straße 8, 39646 Oebisfelde', 'fallback'),
  typed('part of a merged name', 'Lange Straße 8, 39646 Oebisfelde-Weferlingen', {
    point: 'oebisfelde',
  }),
  typed('Ortsteil the file does not name', 'Hauptstraße 1, 53925 Kall-Sötenich', 'fallback'),
  typed('Ortsteil the file does not name', 'Hauptstraße 1, 53925 Kall OT Sötenich', 'fallback'),
  typed('Ortsteil the file does not name', 'Hauptstraße 1, Sötenich, 53925 Kall', 'fallback'),
  typed('Ortsteil the file does not name', 'Hauptstraße 1, 53925 Kall', { point: 'kall' }),
  typed('former municipality, no directory', 'Bahnhofstraße 20, 41236 Rheydt', 'fallback'),
  typed(
    'former municipality, no directory',
    'Bahnhofstraße 20, 41236 Mönchengladbach-Rheydt',
    'fallback',
  ),
  typed('same street, neighbouring postcode', 'Leineweberstraße 1, 45130 Essen', 'fallback'),
  typed('same street, neighbouring postcode', 'Kölner Straße 200, 40233 Düsseldorf', 'fallback'),
  typed('same street, neighbouring postcode', 'Kölner Straße 200, 40231 Düsseldorf', 'fallback'),
  typed('number range or dash note', 'Bahnhofstraße 35-37, 33790 Halle (Westf.)', 'fallback'),
  typed('number range or dash note', 'Bahnhofstraße 35 - 3, 33790 Halle (Westf.)', 'fallback'),
  typed('number range or dash note', 'Kölner Straße 200–202, 40227 Düsseldorf', 'fallback'),
  typed('no postcode, unique in a big city', 'Ruppiner Chaussee 10, Berlin', {
    point: 'berlin-ruppiner',
  }),
  typed(
    'no postcode, official name longer than the postal one',
    'Hallesche Straße 10, Lutherstadt Eisleben',
    {
      point: 'eisleben',
    },
  ),
  typed(
    'no postcode, official name longer than the postal one',
    'Steinstraße 20, Brandenburg an der Havel',
    {
      point: 'brandenburg-havel',
    },
  ),
  typed(
    'lost leading zero, long or hyphenated name',
    'Hallesche Straße 10, 6295 Lutherstadt Eisleben',
    {
      point: 'eisleben',
    },
  ),
  typed(
    'lost leading zero, long or hyphenated name',
    'Friedensstraße 12, 6792 Sandersdorf-Brehna',
    {
      point: 'sandersdorf',
    },
  ),
  ...[
    'Huestraße Hausnr. 10, 44787 Bochum',
    'Huestraße Haus-Nr. 10, 44787 Bochum',
    'Huestraße Hausnummer 10, 44787 Bochum',
  ].map((input) => typed('number marker before the number', input, { point: 'bochum' })),
  typed('first name abbreviated', 'Fr.-Ebert-Str. 10, 14467 Potsdam', { point: 'potsdam-ebert' }),
  typed('first name abbreviated', 'F.-Ebert-Straße 10, 14467 Potsdam', { point: 'potsdam-ebert' }),
  // An initial before nothing but the kind of street: any street of Potsdam beginning so.
  typed('first name abbreviated', 'F.-Str. 10, 14467 Potsdam', 'fallback'),
  typed('first name abbreviated', 'F.-Straße 10, 14467 Potsdam', 'fallback'),
  typed('place variant', 'Kaiser-Friedrich-Promenade 20, 61348 Bad Homburg v. d. Höhe', {
    point: 'bad-homburg',
  }),
  typed('place variant', 'Kaiser-Friedrich-Promenade 20, 61348 Bad Homburg vor der Höhe', {
    point: 'bad-homburg',
  }),
  typed('Berlin Bezirk as the place', 'Ruppiner Chaussee 10, 13503 Berlin-Reinickendorf', {
    point: 'berlin-ruppiner',
  }),
  typed('Berlin Bezirk as the place', 'Ruppiner Chaussee 10, Berlin-Reinickendorf', {
    point: 'berlin-ruppiner',
  }),
  // The Ortsteil or Bezirk after a space instead of a hyphen; the place before the street.
  typed('place and Ortsteil without a hyphen', 'Hauptstraße 100, Berlin Schöneberg', {
    point: 'berlin-schoeneberg',
  }),
  typed('place and Ortsteil without a hyphen', 'Hauptstraße 100, Berlin Tempelhof-Schöneberg', {
    point: 'berlin-schoeneberg',
  }),
  typed('place and Ortsteil without a hyphen', 'Hauptstraße 100, Berlin Spandau', 'fallback'),
  typed('place before the street', '45130 Essen Rüttenscheider Straße 24', { point: 'essen-24' }),
  typed('place before the street', '10827 Berlin Hauptstraße 100', { point: 'berlin-schoeneberg' }),
  typed('Berlin Bezirk as the place', 'Hauptstraße 100, Berlin-Tempelhof-Schöneberg', {
    point: 'berlin-schoeneberg',
  }),
  typed('Berlin Bezirk as the place', 'Ruppiner Chaussee 10, 13503 Berlin-Spandau', 'fallback'),
  typed('no postcode, the place says which namesake', 'Bahnhofstraße 35, Halle (Westf.)', {
    point: 'halle-westf',
  }),
  typed('no postcode, the place says which namesake', 'Bahnhofstraße 35, Halle (Saale)', {
    point: 'halle-saale',
  }),
  typed('suffix after a hyphen', 'Prinzipalmarkt 11-b, 48143 Münster', { point: 'muenster-11b' }),
  typed('title of a town left out', 'Hallesche Straße 10, 06295 Eisleben', { point: 'eisleben' }),
  typed('title of a town left out', 'Hallesche Straße 10, Eisleben', { point: 'eisleben' }),
  typed('title of a town left out', 'Hallesche Straße 10, Stadt Eisleben', { point: 'eisleben' }),
  // 15831's postal name is Mahlow, one part of Blankenfelde-Mahlow; Blankenfelde has 15827.
  typed('postal name one part of a merged one', 'Trebbiner Straße 10, 15831 Mahlow', {
    point: 'blankenfelde-mahlow',
  }),
  typed(
    'postal name one part of a merged one',
    'Trebbiner Straße 10, 15831 Blankenfelde',
    'fallback',
  ),
  typed('postal name one part of a merged one', 'Trebbiner Straße 10, 15827 Mahlow', 'fallback'),
  typed('lost leading zero', 'Bahnhofstraße 2, 1968 Senftenberg', { point: 'senftenberg' }),
  typed('lost leading zero', 'Altmarkt 1, 6712 Zeitz', { point: 'zeitz' }),
  typed('lost leading zero', 'Bahnhofstraße 35, 6108 Halle', { point: 'halle-saale' }),
  typed('lost leading zero', 'Bahnhofstraße 2, 1968 Cottbus', 'fallback'),
  typed('postcode after the place', 'Huestraße 10, Bochum 44787', { point: 'bochum' }),
  typed('postcode after the place', 'Bochum 44787 Huestraße 10', { point: 'bochum' }),
  typed('number before the street, Nr.', 'Huestraße Nr. 10, 44787 Bochum', { point: 'bochum' }),
  typed('number before the street, Nr.', '10 Huestraße, 44787 Bochum', { point: 'bochum' }),
  ...[
    'Rüttenscheider Straße No. 24, 45130 Essen',
    'Rüttenscheider Str. Hs.-Nr. 24, 45130 Essen',
  ].map((input) => typed('number before the street, Nr.', input, { point: 'essen-24' })),
  // A word after or before the street is another street (Rüttenscheider Straße Süd), no typo.
  ...[
    'Rüttenscheider Straße Süd 24, 45130 Essen',
    'Rüttenscheider Straße Hs 24, 45130 Essen',
    'Alte Rüttenscheider Straße 24, 45130 Essen',
  ].map((input) => typed('a word more than the street', input, 'fallback')),
  typed('abbreviation', 'Kl. Schwalbacher Str. 3, 65183 Wiesbaden', { point: 'wiesbaden-kl' }),
  typed('abbreviation', 'R.-Luxemburg-Str. 2, 10178 Berlin', { point: 'berlin-rosa' }),
  typed('abbreviation', 'Rosa-Luxemburg-Pl. 1, 10178 Berlin', { point: 'berlin-rosa-platz' }),
  typed('abbreviation', 'Ruppiner Ch. 10, 13503 Berlin', { point: 'berlin-ruppiner' }),
  typed('place variant', 'Leineweberstraße 1, 45468 Mülheim/Ruhr', { point: 'muelheim' }),
  // Without a postcode a short form names the one postal place it fits; a bare name with
  // namesakes (Mülheim (Mosel), Halle (Westfalen), Frankfurt am Main) names none.
  typed('place variant without postcode', 'Leineweberstraße 1, Mülheim/Ruhr', {
    point: 'muelheim',
  }),
  typed('place variant without postcode', 'Leineweberstraße 1, Mülheim', 'fallback'),
  typed('place variant without postcode', 'Bahnhofstraße 35, Halle/S.', { point: 'halle-saale' }),
  typed('place variant without postcode', 'Bahnhofstraße 35, Halle', 'fallback'),
  typed('place variant without postcode', 'Berliner Straße 60, Frankfurt/O.', {
    point: 'frankfurt-oder',
  }),
  typed('place variant without postcode', 'Berliner Straße 60, Frankfurt', 'fallback'),
  typed('place variant', 'Leineweberstraße 1, 45468 Mülheim a.d. Ruhr', { point: 'muelheim' }),
  typed('place variant', 'Berliner Straße 60, 60311 Frankfurt a.M.', { point: 'ffm-innenstadt' }),
  typed('place variant', 'Berliner Straße 60, 60311 Ffm', { point: 'ffm-innenstadt' }),
  typed('place variant', 'Berliner Straße 60, 15230 Frankfurt a.M.', 'fallback'),
  typed('place variant', 'Bahnhofstraße 35, 06108 Halle/S.', { point: 'halle-saale' }),
  typed('place variant', 'Bahnhofstraße 30, 12555 Berlin-Köpenick', { point: 'berlin-koepenick' }),
  typed('Berlin district as the place, no postcode', 'Bahnhofstraße 30, Berlin-Köpenick', {
    point: 'berlin-koepenick',
  }),
  typed('Berlin district as the place, no postcode', 'Hauptstraße 100, Berlin-Schöneberg', {
    point: 'berlin-schoeneberg',
  }),
  typed('Berlin district as the place, no postcode', 'Hauptstraße 100, Berlin-Spandau', 'fallback'),
  typed('trailing state or country', 'Huestraße 10, D-44787 Bochum', { point: 'bochum' }),
  typed('trailing state or country', 'Huestraße 10, 44787 Bochum, Nordrhein-Westfalen', {
    point: 'bochum',
  }),
  typed('trailing state or country', 'Berliner Straße 60, 60311 Frankfurt am Main, Hessen', {
    point: 'ffm-innenstadt',
  }),
  typed('trailing state or country', 'Berliner Straße 60, 60311 Frankfurt am Main, HE', {
    point: 'ffm-innenstadt',
  }),
  typed('trailing state or country', 'Huestraße 10, 44787 Bochum, NW', { point: 'bochum' }),
  typed('trailing state contradicts', 'Huestraße 10, 44787 Bochum, Bayern', 'fallback'),
  typed('trailing state contradicts', 'Huestraße 10, 44787 Bochum, HE', 'fallback'),
  // "HH" is Hamburg, or a Hinterhaus: either way not a building in Bochum to answer for sure.
  typed('trailing state contradicts', 'Huestraße 10 (HH), 44787 Bochum', 'fallback'),
  typed(
    'trailing state contradicts',
    'Berliner Straße 60, 60311 Frankfurt am Main, Sachsen',
    'fallback',
  ),
  typed('postcode written otherwise', 'Huestraße 10, Bochum (44787)', { point: 'bochum' }),
  typed('postcode written otherwise', 'Huestraße 10, Bochum, PLZ 44787', { point: 'bochum' }),
  typed('postcode written otherwise', 'Huestraße 10, D 44787 Bochum', { point: 'bochum' }),
  typed('postcode written otherwise', 'Huestraße 10, 44787Bochum', { point: 'bochum' }),
  typed('postcode written otherwise', 'Bahnhofstraße 35 06108Halle (Saale)', {
    point: 'halle-saale',
  }),
  typed('typo in the place', 'Huestraße 10, 44787 Bochun', { point: 'bochum' }),
  typed('typo in the place', 'Bahnhofstraße 35, 06108 Hale', { point: 'halle-saale' }),
  typed('typo in the place', 'Huestraße 10, 44787 Dortmund', 'fallback'),
  typed('typo in the place', 'Stiftsstraße 10, 50171 Kerpn', { point: 'kerpen' }),
  typed('typo in the place', 'Viktoriastraße 12, 16727 Veltn', { point: 'velten' }),
  // Kempen and Velen are towns of their own, one letter from Kerpen and Velten.
  typed('a slip that names another town', 'Stiftsstraße 10, 50171 Kempen', 'fallback'),
  typed('a slip that names another town', 'Viktoriastraße 12, 16727 Velen', 'fallback'),
  typed('a slip that names another town', 'Stiftsstraße 10, 50171 Stadt Kempen', 'fallback'),
  // 40789 is Monheim's; Langenfeld has postcodes of its own, one nearer the building.
  ...['Hauptstraße 150, 40789 Langenfeld', 'Hauptstraße 150, 40789 Langenfeld (Rheinland)'].map(
    (input) => typed("a neighbouring town's postcode", input, 'fallback'),
  ),
  typed("a neighbouring town's postcode", 'Hauptstraße 150, 40764 Langenfeld', {
    point: 'langenfeld',
  }),
];

/** Street names as valuers abbreviate them. */
const abbreviated = (street: string) =>
  street.replace(/straße$/, 'str.').replace(/Straße$/, 'Str.');
const suffixed = (p: { number: string; suffix?: string }) =>
  p.suffix === undefined
    ? p.number
    : `${p.number}${p.suffix.length === 1 ? p.suffix.toLowerCase() : ` ${p.suffix}`}`;

/** Points whose address alone (without the Ortsteil) names several buildings. */
const NEEDS_LOCALITY = new Set(['potsdam-fahrland', 'potsdam-marquardt', 'potsdam-satzkorn']);

function typings(p: WorldPoint): Case[] {
  const number = suffixed(p);
  const kind = 'ordinary';
  const expected = { point: p.id };
  const withLocality =
    p.locality === undefined
      ? []
      : [
          {
            kind,
            expected,
            input: `${p.street} ${number}, ${p.locality}, ${p.truePostcode} ${p.municipality}`,
          },
        ];
  if (NEEDS_LOCALITY.has(p.id)) return withLocality;
  return [
    { kind, expected, input: `${p.street} ${number}, ${p.truePostcode} ${p.municipality}` },
    {
      kind,
      expected,
      input: `${abbreviated(p.street)} ${number} ${p.truePostcode} ${p.municipality.toLowerCase()}`,
    },
    { kind, expected, input: `${p.truePostcode} ${p.municipality}, ${p.street} ${number}` },
    ...withLocality,
  ];
}

const STREET_HEADS = [
  'Amsel',
  'Birken',
  'Eichen',
  'Falken',
  'Finken',
  'Heide',
  'Lerchen',
  'Linden',
  'Meisen',
  'Rosen',
  'Tannen',
  'Ulmen',
];
const STREET_TAILS = ['weg', 'straße', 'allee', 'ring', 'pfad', 'gasse'];

/** A small deterministic generator (mulberry32), so the corpus is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Points spread over the postcodes of the imported states: every 40th
 * postcode of NW, HE, BE, BB and ST, a point in a random direction from the
 * postcode's point, up to half the way to the nearest other postcode's point
 * plus 300 m (synthetic positions: the files of these states are not in the
 * repository), with a street name of its own.
 */
export function spreadPoints(): WorldPoint[] {
  const all = loadPostcodeFile();
  const next = random(32);
  const chosen = all
    .filter((a) => ['NW', 'HE', 'BE', 'BB', 'ST'].includes(a.state))
    .filter((_, i) => i % 40 === 0);
  return chosen.map((area, i) => {
    const nearest = Math.min(...all.filter((b) => b !== area).map((b) => kilometres(area, b)));
    const km = (0.5 * nearest + 0.3) * Math.sqrt(next());
    const angle = next() * 2 * Math.PI;
    const lat = area.lat + (km * Math.sin(angle)) / 111.32;
    const lon = area.lon + (km * Math.cos(angle)) / (111.32 * Math.cos((area.lat * Math.PI) / 180));
    const street = `${STREET_HEADS[i % STREET_HEADS.length] ?? ''}${STREET_TAILS[Math.floor(i / STREET_HEADS.length) % STREET_TAILS.length] ?? ''}`;
    const withPostcodes = area.state === 'BE' || area.state === 'BB';
    return {
      id: `spread-${area.postcode}`,
      state: area.state as WorldPoint['state'],
      municipality: area.place,
      street,
      number: String(1 + (i % 97)),
      truePostcode: area.postcode,
      ...(withPostcodes ? { postcode: area.postcode } : {}),
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
    };
  });
}

export function ordinaryCases(points: readonly WorldPoint[]): Case[] {
  return points.flatMap(typings);
}

export { TYPED_WORLD, WORLD };
