// A stand-in of Hessen's "Bestandsdatenausgabe Bodenrichtwerte (xml)": BRM 2.1
// features (brm 2.1 + gid 7.1, geometry in EPSG:25832, uom on the value, as
// the WFS of the same data answers: boris-evidence.md, HE). The file's own
// wrapper is not documented publicly (zone-sets.md: HE file content W), so
// the stand-in can wrap the features in a wfs:FeatureCollection, as the WFS
// does, or in another root, and the reader must not care which.
import { brmMember, type BrmRecord } from './brmGml.js';
import { square } from './demoWorld.js';
import { HESSEN_PROFILE } from './profiles.js';

/** Frankfurt am Main, Römerberg: zone i lies 100 m east of zone i-1. */
export const HESSEN_ORIGIN = { lat: 50.1106, lon: 8.6821 };

export function hessenRing(i: number): [number, number][] {
  return square(HESSEN_ORIGIN.lat, HESSEN_ORIGIN.lon + i * 0.0015, 0.0005);
}

export function hessenMembers(stichtag: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const record: BrmRecord = {
      id: `DEHE06BR${String(i).padStart(8, '0')}`,
      stichtag,
      bodenrichtwert: String(1000 + i),
      art: i % 3 ? 'W' : 'LW',
      entwicklungszustand: 'B',
      bodenrichtwertNummer: String(41000 + i),
      gemeindeName: 'Frankfurt am Main',
      gutachterausschuss:
        'Gutachterausschuss für Immobilienwerte für den Bereich der Stadt Frankfurt am Main',
      gemarkung: 'Frankfurt',
      wertrelevanteGfz: '2.0',
    };
    return brmMember({ rings: [hessenRing(i)], records: [record] }, record, HESSEN_PROFILE);
  });
}

/** The file's text; `wrapper` 'wfs' as the WFS answers, 'other' a root of another name. */
export function hessenBrmXml(members: readonly string[], wrapper: 'wfs' | 'other' = 'wfs'): string {
  const { boris, adv } = HESSEN_PROFILE.namespaces;
  const xmlns =
    'xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    `xmlns:boris="${boris}" xmlns:adv="${adv}"`;
  const body = members.join('\n');
  return wrapper === 'wfs'
    ? '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" ${xmlns} numberMatched="${members.length}" numberReturned="${members.length}">\n` +
        `${body}\n</wfs:FeatureCollection>\n`
    : '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<boris:Bestand ${xmlns}><boris:enthaelt>\n${body.replaceAll('wfs:member', 'boris:objekt')}\n</boris:enthaelt></boris:Bestand>\n`;
}
