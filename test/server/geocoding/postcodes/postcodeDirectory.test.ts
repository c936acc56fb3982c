import { describe, expect, it } from 'vitest';
import { ConfigError } from '#server/config/configError.js';
import { kilometres } from '#server/geocoding/postcodes/postcodeArea.js';
import { createPostcodeDirectory } from '#server/geocoding/postcodes/postcodeDirectory.js';
import {
  formatMunicipalityFile,
  loadMunicipalityFile,
  parseMunicipalityFile,
} from '#server/geocoding/postcodes/municipalityFile.js';
import { germanState } from '#shared/germanStates.js';
import {
  formatPostcodeFile,
  loadPostcodeDirectory,
  loadPostcodeFile,
  parsePostcodeFile,
} from '#server/geocoding/postcodes/postcodeFile.js';

const shipped = loadPostcodeFile();
const directory = loadPostcodeDirectory();

function area(postcode: string) {
  const found = directory.area(postcode);
  if (!found) throw new Error(`no ${postcode}`);
  return found;
}

describe('the shipped postcode file (server/sources/postcodes.tsv)', () => {
  it('holds every postcode once, five digits, inside Germany, in all 16 states', () => {
    const postcodes = shipped.map((a) => a.postcode);
    expect(new Set(postcodes).size).toBe(postcodes.length);
    expect(postcodes.length).toBeGreaterThan(8000);
    expect(new Set(shipped.map((a) => a.state)).size).toBe(16);
    for (const a of shipped) {
      expect(a.lat).toBeGreaterThan(47.2);
      expect(a.lat).toBeLessThan(55.1);
      expect(a.lon).toBeGreaterThan(5.8);
      expect(a.lon).toBeLessThan(15.1);
      expect(a.nearStates).not.toContain(a.state);
    }
  });

  // The namesakes of the reference's matching hazards (address-sources.md,
  // 2026-11-27) and the places the issue names, each with its state as the
  // Deutsche Post and the municipalities' own pages give it.
  it.each([
    ['91586', 'BY', 'Lichtenau (Mittelfranken)'],
    ['33165', 'NW', 'Lichtenau (Westfalen)'],
    ['49434', 'NI', 'Neuenkirchen-Vörden'],
    ['48485', 'NW', 'Neuenkirchen (Kreis Steinfurt)'],
    ['15230', 'BB', 'Frankfurt (Oder)'],
    ['60311', 'HE', 'Frankfurt am Main'],
    ['06108', 'ST', 'Halle (Saale)'],
    ['59065', 'NW', 'Hamm'],
    ['53332', 'NW', 'Bornheim (Rheinland)'],
    ['60385', 'HE', 'Frankfurt-Bornheim'],
    ['80331', 'BY', 'München'],
    ['24103', 'SH', 'Kiel'],
    ['01067', 'SN', 'Dresden'],
    ['10317', 'BE', 'Berlin-Rummelsburg'],
  ])('%s lies in %s (%s)', (postcode, state) => {
    expect(directory.area(postcode)?.state).toBe(state);
  });

  it('names the neighbouring state of a postcode that crosses a state border', () => {
    // 21039 covers Hamburg-Bergedorf and Börnsen (Schleswig-Holstein).
    expect([...directory.statesOf(area('21039'))]).toEqual(expect.arrayContaining(['HH', 'SH']));
    expect([...directory.statesOf(area('80331'))]).toEqual(['BY']);
  });
});

describe('postcode directory', () => {
  it('knows no postcode that is not one', () => {
    expect(directory.area('00000')).toBeUndefined();
    expect(directory.area('99999')).toBeUndefined();
  });

  it('tells a building of the typed postcode from one on the other side of the city', () => {
    // Köln has a Hauptstraße in Porz (51143) and in Rodenkirchen (50996).
    expect(directory.reaches(area('51143'), { lat: 50.883, lon: 7.063 })).toBe(true);
    expect(directory.reaches(area('51143'), { lat: 50.8893, lon: 6.9904 })).toBe(false);
    expect(directory.reaches(area('50996'), { lat: 50.8893, lon: 6.9904 })).toBe(true);
    // Frankfurt: Nieder-Erlenbach is in 60437, Sachsenhausen is not.
    expect(directory.reaches(area('60437'), { lat: 50.2015, lon: 8.7155 })).toBe(true);
    expect(directory.reaches(area('60437'), { lat: 50.1, lon: 8.68 })).toBe(false);
    // Hamminkeln is 83 km from Hamm's 59065.
    expect(directory.reaches(area('59065'), { lat: 51.737, lon: 6.6 })).toBe(false);
  });

  it('confirms a postcode only where its point is about the nearest of its postal place', () => {
    // Düsseldorf, by 40227's point: 40233's point is 1.3 km off, within its reach.
    const koelnerStrasse = { lat: 51.213, lon: 6.806 };
    expect(directory.reaches(area('40233'), koelnerStrasse)).toBe(true);
    expect(directory.confirms(area('40233'), koelnerStrasse, 'duesseldorf')).toBe(false);
    expect(directory.confirms(area('40227'), koelnerStrasse, 'duesseldorf')).toBe(true);
  });

  it("confirms a town's one postcode, whatever other towns' points lie nearer", () => {
    const town = { postcode: '11111', state: 'BB', nearStates: [], lat: 53, lon: 13, place: 'A' };
    const city = { ...town, postcode: '22222', lon: 13.03, place: 'B' };
    const between = { lat: 53, lon: 13.02 };
    const two = createPostcodeDirectory([town, city]);
    expect(two.confirms(town, between, 'c')).toBe(true);
    expect(two.confirms(city, between, 'c')).toBe(true);
  });

  it("does not confirm a neighbouring town's postcode for a point of a town with postcodes of its own", () => {
    // Schulstraße in Dreieich-Sprendlingen: 1.5 km from Dreieich's 63303, 3.3 km from Langen's 63225.
    const sprendlingen = { lat: 50.0127, lon: 8.6967 };
    expect(directory.reaches(area('63225'), sprendlingen)).toBe(true);
    expect(directory.confirms(area('63225'), sprendlingen, 'dreieich')).toBe(false);
    expect(directory.confirms(area('63225'), sprendlingen, 'egelsbach')).toBe(true);
    expect(directory.confirms(area('63303'), sprendlingen, 'dreieich')).toBe(true);
  });

  it('knows postal places by their name without qualifier and by leading words', () => {
    expect([...directory.statesNamed('brandenburg')]).toContain('BB');
    expect([...directory.statesNamed('schwarzheide')]).toEqual(['BB']);
    expect([...directory.statesNamed('berlin')]).toContain('BE');
  });

  it('reaches far where the postcodes lie far apart (a rural area)', () => {
    const lone = { postcode: '11111', state: 'BB', nearStates: [], lat: 53, lon: 13, place: 'A' };
    const other = { ...lone, postcode: '22222', lat: 53.2, place: 'B' };
    const rural = createPostcodeDirectory([lone, other]);
    const tenKmEast = { lat: 53, lon: 13 + 10 / (111.32 * Math.cos((53 * Math.PI) / 180)) };
    expect(kilometres(lone, tenKmEast)).toBeCloseTo(10, 1);
    expect(rural.reaches(lone, tenKmEast)).toBe(true);
    // 24 km from 22222's point, more than twice the 10 km to the nearest one.
    expect(rural.reaches(other, tenKmEast)).toBe(false);
    expect(rural.reaches(lone, { lat: 53.21, lon: 13 })).toBe(false);
  });

  it('shares one set per list of states, the own state first', () => {
    // 8,300 postcodes and 8,000 place names with a set each were 2.4 MB of the idle heap.
    expect(directory.statesOf(area('80331'))).toBe(directory.statesOf(area('80333')));
    expect(directory.statesNamed('muenchen')).toBe(directory.statesOf(area('80331')));
    expect([...directory.statesOf(area('21039'))]).toEqual(['HH', 'NI', 'SH']);
    expect(directory.statesNamed('koeln')).toBe(directory.statesOf(area('59065')));
  });

  it('lists the states that have a postal place of a name', () => {
    expect([...directory.statesNamed('lichtenau')].sort()).toEqual(['BW', 'BY', 'NW', 'SN']);
    expect([...directory.statesNamed('muenster')].sort()).toEqual(['BY', 'HE', 'NW']);
    // Hamm (Westf.) and Hamm (Sieg), whose post office is "Hamm" too.
    expect([...directory.statesNamed('hamm')].sort()).toEqual(['NW', 'RP']);
    expect([...directory.statesNamed('koeln')]).toEqual(['NW']);
    expect(directory.statesNamed('nirgendwo').size).toBe(0);
  });

  // Bornheim (Pfalz) and Minden (Südeifel) share their postcodes (76879, 54310) with
  // neighbours the postcode file names instead: the municipalities' names tell of them.
  it('lists the states of municipalities no postcode names', () => {
    expect(directory.area('76879')?.place).not.toBe('Bornheim');
    expect([...directory.statesNamed('bornheim')].sort()).toEqual(['NW', 'RP']);
    expect([...directory.statesNamed('minden')].sort()).toEqual(['NW', 'RP']);
    const postalOnly = createPostcodeDirectory(loadPostcodeFile());
    expect([...postalOnly.statesNamed('bornheim')]).toEqual(['NW']);
  });
});

describe('the shipped municipality file (server/sources/municipalities.tsv)', () => {
  const municipalities = loadMunicipalityFile();

  it('holds every municipality once, in all 16 states, its key beginning with its state', () => {
    const keys = municipalities.map((m) => m.ags);
    expect(new Set(keys).size).toBe(keys.length);
    // VG250 of 2016 has 11,084; a cut or half-built file far fewer.
    expect(municipalities.length).toBeGreaterThan(10_500);
    expect(new Set(municipalities.map((m) => m.state)).size).toBe(16);
    for (const m of municipalities)
      expect(germanState(m.state)?.schluessel).toBe(m.ags.slice(0, 2));
  });

  it('reads what it writes, and refuses rows that are none', () => {
    const rows = [{ ags: '07331012', state: 'RP', name: 'Bornheim' }];
    expect(parseMunicipalityFile(formatMunicipalityFile(['origin'], rows), 'm.tsv')).toEqual(rows);
    for (const text of [
      'ags\tstate\tname\n0733101\tRP\tBornheim\n',
      'ags\tstate\tname\n07331012\tRheinland-Pfalz\tBornheim\n',
      'ags\tstate\tname\n07331012\tRP\t\n',
      'gemeinde\tland\n07331012\tRP\n',
    ]) {
      expect(() => parseMunicipalityFile(text, 'm.tsv')).toThrow(ConfigError);
    }
  });
});

describe('postcode file format', () => {
  const area = {
    postcode: '21039',
    state: 'HH',
    nearStates: ['NI', 'SH'],
    lat: 53.45532,
    lon: 10.26189,
    place: 'Hamburg',
  };

  it('reads what it writes', () => {
    const text = formatPostcodeFile(['origin'], [area]);
    expect(text.split('\n')[0]).toBe('# origin');
    expect(parsePostcodeFile(text, 'p.tsv')).toEqual([area]);
  });

  it.each([
    [
      'a short postcode',
      'postcode\tstate\tnear_states\tlat\tlon\tplace\n2103\tHH\t\t53\t10\tHamburg\n',
    ],
    [
      'a state in words',
      'postcode\tstate\tnear_states\tlat\tlon\tplace\n21039\tHamburg\t\t53\t10\tX\n',
    ],
    ['no point', 'postcode\tstate\tnear_states\tlat\tlon\tplace\n21039\tHH\t\tx\t10\tHamburg\n'],
    ['other columns', 'plz\tland\n21039\tHH\n'],
  ])('refuses a file with %s', (_, text) => {
    expect(() => parsePostcodeFile(text, 'p.tsv')).toThrow(ConfigError);
  });
});
