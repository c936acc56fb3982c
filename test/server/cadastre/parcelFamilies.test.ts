import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metricArea } from '#server/geo/metricArea.js';
import { UpstreamOutage } from '#server/upstream/upstreamOutage.js';
import { largestUse } from '#server/cadastre/families/parcelOf.js';
import { readParcels } from '#server/cadastre/families/readParcels.js';
import type { MetricCrs } from '#server/geo/metricPolygon.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const DATASET = {
  name: 'Test',
  text: '© Test',
  license_url: 'https://www.govdata.de/dl-de/by-2-0',
  source_url: 'https://example.org/wfs',
};
const context = (nativeCrs: MetricCrs = 'EPSG:25832') => ({ nativeCrs, datensatz: DATASET });

describe('ALKIS vereinfacht 1.0 (Thüringen)', () => {
  const [first, second] = readParcels('ave1', fixture('th-ave1.xml'), context());

  it('reads the published fields: "Flur 2", "425/1", the use of the largest part, the address', () => {
    expect(first).toMatchObject({
      kennzeichen: '160115002004250001__',
      land: 'TH',
      gemarkung: { nummer: '0115', name: 'Melchendorf' },
      flur: 2,
      zaehler: 425,
      nenner: 1,
      amtliche_flaeche_m2: 2462,
      nutzung: 'Strassenverkehr',
      lage: 'Tungerstraße',
      datensatz: DATASET,
    });
    expect(second?.nutzung).toBe('Wohnbaufläche');
    expect(second?.nenner).toBeUndefined();
  });

  it('reads the lat/lon polygon into metres of the native system', () => {
    const [east, north] = first?.polygon.polygons[0]?.[0]?.[0] ?? [0, 0];
    expect(first?.polygon.crs).toBe('EPSG:25832');
    expect(east).toBeGreaterThan(640000);
    expect(east).toBeLessThan(650000);
    expect(north).toBeGreaterThan(5640000);
  });

  it('densifies the arc inside the ring: more points than written, and more area than the chords', () => {
    const ring = second?.polygon.polygons[0]?.[0] ?? [];
    expect(ring.length).toBeGreaterThan(10);
    // Rectangle 0.0002° × 0.0003° plus the arc's bulge between 11.0693 and 11.0694.
    const chordArea = 22.24 * 21.03;
    expect(metricArea(second?.polygon ?? { crs: 'EPSG:25832', polygons: [] })).toBeGreaterThan(
      chordArea,
    );
  });
});

describe('ALKIS vereinfacht 2.0 (Bremen deegree)', () => {
  it('reads the ave field names under another prefix, a 3D posList and a hole', () => {
    const [parcel] = readParcels('ave2', fixture('hb-ave2.xml'), context());
    expect(parcel).toMatchObject({
      kennzeichen: '044072072000130005__',
      land: 'HB',
      gemarkung: { nummer: '4072', name: 'VR 72' },
      flur: 72,
      zaehler: 13,
      nenner: 5,
      amtliche_flaeche_m2: 3368,
      nutzung: 'Gemischt genutzte Fläche',
      lage: 'Am Wall 1, Am Wall 3',
    });
    expect(metricArea(parcel?.polygon ?? { crs: 'EPSG:25832', polygons: [] })).toBeCloseTo(
      60 * 56 - 4,
      6,
    );
  });
});

describe('ALKIS vereinfacht 2.0, flur as text (Rheinland-Pfalz)', () => {
  // A public RLP client (QGIS "ALKIS-Suchmodul") filters ave:Flurstueck on flur = "Flur {n}".
  it('reads "Flur 5" and "5" alike', () => {
    const asText = fixture('hb-ave2.xml').replace(
      '<app:flur>72</app:flur>',
      '<app:flur>Flur 5</app:flur>',
    );
    const [parcel] = readParcels('ave2', asText, context());
    expect(parcel?.flur).toBe(5);
    const [plain] = readParcels('ave2', fixture('hb-ave2.xml'), context());
    expect(plain?.flur).toBe(72);
  });
});

describe('NAS AX_Flurstueck (NRW AAA)', () => {
  it('reads the real answer', () => {
    const [parcel] = readParcels('nas', fixture('nw-nas.xml'), context());
    expect(parcel).toMatchObject({
      kennzeichen: '05329001100085______',
      land: 'NW',
      gemarkung: { nummer: '3290' },
      flur: 11,
      zaehler: 85,
      amtliche_flaeche_m2: 684,
    });
    expect(parcel?.nenner).toBeUndefined();
    expect(parcel?.nutzung).toBeUndefined();
    expect(parcel?.polygon.polygons[0]?.[0]?.[0]).toEqual([338131.227, 5706256.699]);
  });
});

describe('INSPIRE cp:CadastralParcel (Schleswig-Holstein)', () => {
  it('reads nationalCadastralReference, label and areaValue from a Surface of patches', () => {
    const [parcel] = readParcels('inspire-cp', fixture('sh-cp.xml'), context());
    expect(parcel).toMatchObject({
      kennzeichen: '011536030000110047__',
      land: 'SH',
      gemarkung: { nummer: '1536' },
      flur: 30,
      zaehler: 11,
      nenner: 47,
      amtliche_flaeche_m2: 612,
    });
    expect(parcel?.gemarkung.name).toBeUndefined();
  });

  it('does not take an area in another unit for square metres', () => {
    const hectares = fixture('sh-cp.xml').replace('uom="m2">612', 'uom="ha">0.0612');
    expect(() => readParcels('inspire-cp', hectares, context())).toThrow(UpstreamOutage);
  });
});

describe('Berlin alkis_flurstuecke (GeoJSON)', () => {
  it('widens fsko to 20 characters and reads gmk, namgmk, fln, zae, afl in EPSG:25833', () => {
    const [parcel] = readParcels('berlin', fixture('be-flurstuecke.json'), context('EPSG:25833'));
    expect(parcel).toMatchObject({
      kennzeichen: '11000192100498______',
      land: 'BE',
      gemarkung: { nummer: '0001', name: 'Mitte' },
      flur: 921,
      zaehler: 498,
      amtliche_flaeche_m2: 532,
    });
    expect(parcel?.polygon.polygons[0]?.[0]?.[1]).toEqual([390019, 5820000]);
  });
});

describe('Baden-Württemberg nora (GeoJSON)', () => {
  it('reads the zero-padded Kennzeichen into the canonical form and lon/lat into metres', () => {
    const [parcel] = readParcels('bw-nora', fixture('bw-nora.json'), context());
    expect(parcel).toMatchObject({
      kennzeichen: '081460___00645______',
      land: 'BW',
      gemarkung: { nummer: '1460', name: 'Stuttgart' },
      zaehler: 645,
      amtliche_flaeche_m2: 487,
    });
    expect(parcel?.flur).toBeUndefined();
    expect(parcel?.nenner).toBeUndefined();
    const area = metricArea(parcel?.polygon ?? { crs: 'EPSG:25832', polygons: [] });
    expect(area).toBeGreaterThan(400);
    expect(area).toBeLessThan(550);
  });
});

describe('unusable answers are outages, never parcels', () => {
  const th = fixture('th-ave1.xml');
  it.each([
    ['an official area of 0', th.replace('<ave:flaeche>2462<', '<ave:flaeche>0<')],
    ['no official area', th.replace('<ave:flaeche>2462</ave:flaeche>', '')],
    ['a negative official area', th.replace('<ave:flaeche>2462<', '<ave:flaeche>-5<')],
    ['an unreadable Kennzeichen', th.replace('160115002004250001__', '1601150')],
    [
      'an empty geometry',
      th.replace(/<ave:geometrie>[\s\S]*?<\/ave:geometrie>/, '<ave:geometrie/>'),
    ],
    ['a broken ring', th.replace('50.958850 11.069500 50.958479 11.069321', '50.958850 11.069500')],
    [
      'no feature collection',
      '<ows:ExceptionReport xmlns:ows="x"><ows:Exception/></ows:ExceptionReport>',
    ],
  ])('%s', (_, xml) => {
    expect(() => readParcels('ave1', xml, context())).toThrow(UpstreamOutage);
  });

  it('an unreadable GeoJSON geometry', () => {
    const berlin = fixture('be-flurstuecke.json').replace('"MultiPolygon"', '"Point"');
    expect(() => readParcels('berlin', berlin, context('EPSG:25833'))).toThrow(UpstreamOutage);
  });
});

describe('largestUse', () => {
  it('names the use of the largest part, decimal commas read', () => {
    expect(largestUse('Wohnbaufläche; 480; Straßenverkehr; 20')).toBe('Wohnbaufläche');
    expect(largestUse('Straßenverkehr;20;Grünland;612,5')).toBe('Grünland');
    expect(largestUse('')).toBeUndefined();
    expect(largestUse(undefined)).toBeUndefined();
  });
});
