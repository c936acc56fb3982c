// An address in 60 land-value zones at once, for the add-ins' record limits
// (an answer larger than one Apps Script document property, 9 KB). Made up:
// real services answer a handful of zones at one point (one per land use and
// Ergänzung in a city centre), never 60; the records carry every field the
// LGLN service publishes, so each zone is a full row of the zone table. The
// zones are nested squares around the point (each one holds it), far from the
// other demo zones of Lower Saxony, so no other address is in any of them.
import type { BrmRecord, FakeZone } from './brmGml.js';
import { square } from './demoWorld.js';
import type { FakePlace } from './nominatimFake.js';

export const MANY_ZONES_COUNT = 60;
export const MANY_ZONES_ADDRESS = 'Am Sande 1, 21335 Lüneburg';

const LUENEBURG: FakePlace = {
  lat: 53.2494,
  lon: 10.4077,
  iso: 'DE-NI',
  road: 'Am Sande',
  houseNumber: '1',
  postcode: '21335',
  city: 'Lüneburg',
  stateName: 'Niedersachsen',
};

/** Geocoder answers (nominatimFake) for MANY_ZONES_ADDRESS. */
export const MANY_ZONES_PLACES: Readonly<Record<string, readonly FakePlace[]>> = {
  [MANY_ZONES_ADDRESS]: [LUENEBURG],
};

/** Zone i (1-based): value 300 + i €/m², number 0830 1000 + i. */
const record = (i: number): BrmRecord => ({
  id: `DENI_BRW_LG_${i}_2026`,
  stichtag: '2026-01-01',
  bodenrichtwert: `${300 + i}.0`,
  art: 'WA',
  ergaenzung: 'MFH',
  entwicklungszustand: 'B',
  bodenrichtwertNummer: String(8_301_000 + i),
  zoneName: `Altstadt, Block ${i} zwischen Am Sande und Bardowicker Straße`,
  gemeindeKey: '355022',
  gemeindeName: 'Lüneburg',
  gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Lüneburg',
  bauweise: 'g',
  geschossflaechenzahl: '2.5',
  grundflaechenzahl: '0.6',
  geschosszahl: '5',
  wertrelevanteGfz: '2.5',
  verfahrensart: 'San',
  entwicklungsSanierungszusatz: 'SU',
  gemarkung: 'Lüneburg',
  bemerkungen: 'Eckgrundstücke und Grundstücke mit Denkmalschutz gesondert bewerten',
});

/** Served by the Lower Saxony stand-in beside its demo zones (fakeRegistry.ts). */
export const MANY_ZONES: readonly FakeZone[] = Array.from({ length: MANY_ZONES_COUNT }, (_, i) => ({
  rings: [square(LUENEBURG.lat, LUENEBURG.lon, 0.0005 + i * 0.00002)],
  records: [record(i + 1)],
}));
