// Made-up zone sets in the layout of each state's published set, a row of
// small squares east of each state's probe point, enough for several pages:
// Berlin's GeoJSON (fields brwid, brw, nutzung, stichtag, gfz, bezirk,
// beitragszustand, verfahrensart, anwert: berlinwfs/bassam in
// boris-evidence.md), Brandenburg's OGC API items (nested gemeinde,
// gutachterausschuss, nutzung as the item page at offset 103820 shows them;
// every stichtag in one collection), the LGLN's BRM 2 features (NI, HB),
// Thüringen's upper-case bodenrichtwertzone with two stichtage, and
// Mecklenburg-Vorpommern's VBORIS short names per use type.
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { toSourcePosition } from '#server/geo/crs.js';
import { brmMember, type BrmProfile, type BrmRecord } from '../brmGml.js';
import { square } from '../demoWorld.js';
import { ownSchemaMember, type OwnSchemaService } from '../ownSchemaWfsFake.js';
import { LGLN_PROFILE } from '../profiles.js';

const probe = (state: string) => {
  const point = PROBE_POINTS[state];
  if (!point) throw new Error(`no probe point for ${state}`);
  return point;
};

/** Zone i: a square of about 70 m, 100 m east of zone i-1. */
export function zoneRing(state: string, i: number): [number, number][] {
  const { lat, lon } = probe(state);
  return square(lat, lon + i * 0.0015, 0.0005);
}

const utm33 = (ring: [number, number][]) =>
  ring.map(([lon, lat]) =>
    toSourcePosition({ lat, lon }, 'EPSG:25833', 'east-north').map(
      (metres) => Math.round(metres * 1000) / 1000,
    ),
  );

/** GeoServer's GeoJSON without srsName: native EPSG:25833, ids typeName.n. */
export function berlinFeatures(year: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    type: 'Feature',
    id: `brw_${year}_vector.${i + 1}`,
    geometry: { type: 'Polygon', coordinates: [utm33(zoneRing('DE-BE', i))] },
    geometry_name: 'geom',
    properties: {
      brwid: String(1000 + i),
      bezirk: 'Mitte',
      brw: 5000 + i * 100,
      nutzung: i % 2 ? 'M1 - Kerngebiet' : 'W - Wohngebiet',
      // Some years write the stichtag as a date-time with offset (zone-sets.md, BE).
      stichtag: i % 3 ? `${year}-01-01` : `${year}-01-01T00:00:00+01:00`,
      gfz: i % 4 ? 2.5 : null,
      beitragszustand: 'ebf',
      verfahrensart: i === 1 ? 'Entw' : null,
      anwert: null,
    },
  }));
}

/** Brandenburg items: lon/lat (OGC API Features' default CRS84), nested properties. */
export function brandenburgItems(years: readonly number[], perYear: number) {
  return years.flatMap((year, y) =>
    Array.from({ length: perYear }, (_, i) => ({
      type: 'Feature',
      id: `DEBBBR00${year}z${String(i).padStart(4, '0')}`,
      geometry: { type: 'Polygon', coordinates: [zoneRing('DE-BB', i)] },
      properties: {
        bodenrichtwert: 100 + i + y,
        stichtag: `${year}-01-01`,
        bodenrichtwertNummer: String(2106000 + i).padStart(8, '0'),
        bodenrichtwertzoneName: `Potsdam Zone ${i}`,
        entwicklungszustand: 'Baureifes Land (B)',
        beitragsrechtlicherZustand: 'beitragsfrei (frei)',
        vollgeschosszahl: [2],
        nutzung: { art: i % 2 ? 'Gewerbegebiet (GE)' : '1130' },
        gemeinde: { schluesselGesamt: '12054000', bezeichnung: 'Potsdam' },
        gutachterausschuss: {
          schluesselGesamt: '12054',
          bezeichnung: 'Gutachterausschuss für Grundstückswerte in der Landeshauptstadt Potsdam',
        },
        postleitzahl: '14467',
      },
    })),
  );
}

/** LGLN BRM 2 members (boris 2.0, gid 6.0, geometry in URN EPSG:4326 lat lon). */
export function lglnMembers(
  state: 'DE-NI' | 'DE-HB',
  year: number,
  count: number,
  profile: BrmProfile = LGLN_PROFILE,
): string[] {
  return Array.from({ length: count }, (_, i) => {
    const record: BrmRecord = {
      id: `BR_BodenrichtwertZonal_${year}_${i}`,
      stichtag: `${year}-01-01`,
      bodenrichtwert: String(200 + i),
      art: i % 2 ? 'MI' : 'WA',
      entwicklungszustand: 'B',
      bodenrichtwertNummer: String(4305000 + i).padStart(8, '0'),
      gemeindeName: state === 'DE-HB' ? 'Bremen' : 'Hannover',
      gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Hameln-Hannover',
      wertrelevanteGfz: '1.2',
    };
    return brmMember({ rings: [zoneRing(state, i)], records: [record] }, record, profile);
  });
}

export const TH_SERVICE: Pick<OwnSchemaService, 'geometryProperty' | 'native'> = {
  geometryProperty: 'boris:GEOM',
  native: {
    nativeCrs: 'EPSG:4326',
    nativeSrsName: 'urn:ogc:def:crs:EPSG::4326',
    nativeAxisOrder: 'lat-lon',
  },
};

/** Thüringen: one layer, each zone once per stichtag (2024 and 2026). */
export function thueringenMembers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const year = i % 2 ? 2024 : 2026;
    const zone = { rings: [zoneRing('DE-TH', Math.floor(i / 2))] };
    const record = {
      id: `bodenrichtwertzone.${i + 1}`,
      fields: {
        BODENRICHTWERT: String(300 + i),
        STICHTAG: `${year}-01-01`,
        BODENRICHTWERTNUMMER: String(51001000 + i),
        NUTZUNGSART: 'M',
        ENTWICKLUNGSZUSTAND: 'Baureifes Land (B)',
      },
    };
    return ownSchemaMember(
      TH_SERVICE,
      'boris:bodenrichtwertzone',
      { ...zone, records: [] },
      record,
    );
  });
}

export const MV_SERVICE: Pick<OwnSchemaService, 'geometryProperty' | 'native'> = {
  geometryProperty: 'boris:msGeometry',
  native: {
    nativeCrs: 'EPSG:25833',
    nativeSrsName: 'urn:ogc:def:crs:EPSG::25833',
    nativeAxisOrder: 'east-north',
  },
};

/** Mecklenburg-Vorpommern: `count` zones of one use type, brwkon as text, stag TT.MM.JJJJ. */
export function mvMembers(type: string, count: number, first = 0): string[] {
  const local = type.slice(type.indexOf(':') + 1);
  return Array.from({ length: count }, (_, n) => {
    const i = first + n;
    const record = {
      id: `${local}.13004_${String(i).padStart(7, '0')}`,
      fields: {
        brwkon: `${100 + i},00`,
        stag: '01.01.2024',
        nuta: 'W',
        entw: 'B',
        ortst: 'Schwerin',
      },
    };
    return ownSchemaMember(
      MV_SERVICE,
      type,
      { rings: [zoneRing('DE-MV', i)], records: [] },
      record,
    );
  });
}
