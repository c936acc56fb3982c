// Parcels for the loopback cadastre (cadastreFake.ts) and their answers in the
// shape of each schema family, modelled on the real answers of the reference
// (docs/sources.md#parcels-flurstücke): ave 1.0 on the Thüringen answer of 2025-11-04
// (Mallne/GeoKit ParserTest.kt: flur "Flur 2", flurstnr "425/1", gml:Ring with
// gml:Arc), ave 2.0 on the NW/NI/HH clients (SunsideAI kataster-service), NAS
// on the NRW AAA answer of 2025-05-31 (tofatma/XPlan_MLmodel
// flurstueckrequired.gml), INSPIRE cp on the SH/MV clients (areaValue uom m2,
// nationalCadastralReference), Berlin on its fsko/afl/gmk fields (codeforberlin
// technical description), BW nora on its key map (flurstueckskennzeichen,
// amtliche_flaeche; zero padding as in the BW fixtures).
import { splitKennzeichen, zeroPadded } from '#shared/flurstueckskennzeichen.js';
import { densifyArc } from '#server/geo/arc.js';
import { latLonToMetric, metricToLatLon, type AxisOrder } from '#server/geo/crs.js';
import type { LatLon } from '#server/geo/latLon.js';
import { metricArea } from '#server/geo/metricArea.js';
import type { EastNorth, MetricCrs } from '#server/geo/metricPolygon.js';
import type { ParcelFamily } from '#server/cadastre/parcelSourceDefinition.js';

export interface FakeParcel {
  /** Canonical, 20 characters (parseKennzeichen); each family writes its own spelling. */
  kennzeichen: string;
  /** Outer ring, closed, counter-clockwise, in `crs`. */
  outer: EastNorth[];
  holes?: EastNorth[][];
  /** The edge outer[0] → outer[1] is an arc through this point (written as gml:Arc by ave 1.0). */
  arcMiddle?: EastNorth;
  crs: MetricCrs;
  amtlicheFlaeche: number;
  nutzung?: string;
  lage?: string;
  gemarkungName?: string;
  /** A broken answer: the feature carries no geometry. */
  withoutGeometry?: boolean;
}

/** The rings with the arc drawn as segments: what the parcel covers. */
export function parcelRings(parcel: FakeParcel): EastNorth[][] {
  const [a, b, ...rest] = parcel.outer;
  const outer =
    parcel.arcMiddle && a && b ? [...densifyArc(a, parcel.arcMiddle, b), ...rest] : parcel.outer;
  return [outer, ...(parcel.holes ?? [])];
}

export interface PlaceOptions {
  kennzeichen: string;
  crs?: MetricCrs;
  /** East–west and north–south extent, metres (default 20 × 30). */
  widthM?: number;
  depthM?: number;
  /** Default: the area of the drawn polygon, rounded to 1 m² as the cadastre does. */
  amtlicheFlaeche?: number;
  nutzung?: string;
  lage?: string;
  gemarkungName?: string;
  /** The southern edge bulges south as a half circle (a gml:Arc in ave 1.0 answers). */
  arc?: boolean;
}

/** A rectangular parcel centred on a point: the demo and tests place parcels where they need them. */
export function placeParcel(centre: LatLon, options: PlaceOptions): FakeParcel {
  const crs = options.crs ?? 'EPSG:25832';
  const [e, n] = latLonToMetric(centre, crs);
  const w = (options.widthM ?? 20) / 2;
  const d = (options.depthM ?? 30) / 2;
  const outer: EastNorth[] = [
    [e - w, n - d],
    [e + w, n - d],
    [e + w, n + d],
    [e - w, n + d],
    [e - w, n - d],
  ];
  const parcel: FakeParcel = {
    kennzeichen: options.kennzeichen,
    outer,
    crs,
    amtlicheFlaeche: 0,
    ...(options.arc ? { arcMiddle: [e, n - d - w] as EastNorth } : {}),
    ...(options.nutzung ? { nutzung: options.nutzung } : {}),
    ...(options.lage ? { lage: options.lage } : {}),
    ...(options.gemarkungName ? { gemarkungName: options.gemarkungName } : {}),
  };
  const drawn = Math.round(metricArea({ crs, polygons: [parcelRings(parcel)] }));
  return { ...parcel, amtlicheFlaeche: options.amtlicheFlaeche ?? drawn };
}

/** How the answer writes coordinates: the system asked for and its axis order. */
export interface OutputFrame {
  srsName: string;
  crs: MetricCrs | 'EPSG:4326';
  axisOrder: AxisOrder;
}

function position(point: EastNorth, from: MetricCrs, frame: OutputFrame): [number, number] {
  if (frame.crs === from) return point;
  if (frame.crs !== 'EPSG:4326') return latLonToMetric(metricToLatLon(point, from), frame.crs);
  const { lat, lon } = metricToLatLon(point, from);
  return frame.axisOrder === 'lat-lon' ? [lat, lon] : [lon, lat];
}

const digits = (frame: OutputFrame) => (frame.crs === 'EPSG:4326' ? 9 : 3);
const posList = (points: EastNorth[], from: MetricCrs, frame: OutputFrame) =>
  points
    .map((p) =>
      position(p, from, frame)
        .map((x) => x.toFixed(digits(frame)))
        .join(' '),
    )
    .join(' ');

const linearRing = (points: EastNorth[], parcel: FakeParcel, frame: OutputFrame) =>
  `<gml:LinearRing><gml:posList>${posList(points, parcel.crs, frame)}</gml:posList></gml:LinearRing>`;

/** Thüringen's shape: a gml:Ring of one curve, the arc first, then the straight rest. */
function arcRing(parcel: FakeParcel, frame: OutputFrame): string {
  const [a, b, ...rest] = parcel.outer;
  return (
    '<gml:Ring><gml:curveMember><gml:Curve><gml:segments>' +
    `<gml:Arc><gml:posList>${posList([a, parcel.arcMiddle, b] as EastNorth[], parcel.crs, frame)}</gml:posList></gml:Arc>` +
    `<gml:LineStringSegment><gml:posList>${posList([b as EastNorth, ...rest], parcel.crs, frame)}</gml:posList></gml:LineStringSegment>` +
    '</gml:segments></gml:Curve></gml:curveMember></gml:Ring>'
  );
}

function gmlPolygon(
  parcel: FakeParcel,
  frame: OutputFrame,
  arcs: boolean,
  attributes = '',
): string {
  const outer =
    arcs && parcel.arcMiddle
      ? arcRing(parcel, frame)
      : linearRing(parcelRings(parcel)[0] ?? [], parcel, frame);
  const holes = (parcel.holes ?? [])
    .map((hole) => `<gml:interior>${linearRing(hole, parcel, frame)}</gml:interior>`)
    .join('');
  return `<gml:Polygon gml:id="P${parcel.kennzeichen}"${attributes}><gml:exterior>${outer}</gml:exterior>${holes}</gml:Polygon>`;
}

const multiSurface = (parcel: FakeParcel, frame: OutputFrame, arcs = false) =>
  `<gml:MultiSurface srsName="${frame.srsName}"><gml:surfaceMember>${gmlPolygon(parcel, frame, arcs)}</gml:surfaceMember></gml:MultiSurface>`;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const element = (name: string, value: string | number | undefined) =>
  value === undefined ? '' : `<${name}>${escape(String(value))}</${name}>`;

const fraction = (zaehler: number, nenner: number | undefined) =>
  nenner === undefined ? String(zaehler) : `${zaehler}/${nenner}`;
const tntxt = (parcel: FakeParcel) =>
  parcel.nutzung === undefined ? undefined : `${parcel.nutzung}; ${parcel.amtlicheFlaeche}`;

function aveFeature(parcel: FakeParcel, frame: OutputFrame, version: 1 | 2): string {
  const parts = splitKennzeichen(parcel.kennzeichen);
  const geometry = parcel.withoutGeometry
    ? ''
    : `<ave:geometrie>${multiSurface(parcel, frame, version === 1)}</ave:geometrie>`;
  const numbers =
    version === 1
      ? element('ave:flur', parts.flur === undefined ? undefined : `Flur ${parts.flur}`) +
        element('ave:flurstnr', fraction(parts.zaehler, parts.nenner))
      : element('ave:flur', parts.flur) +
        element('ave:flstnrzae', parts.zaehler) +
        element('ave:flstnrnen', parts.nenner);
  return (
    `<ave:Flurstueck gml:id="Flurstueck_${parcel.kennzeichen}">${geometry}` +
    element('ave:flaeche', parcel.amtlicheFlaeche) +
    element('ave:flstkennz', parcel.kennzeichen) +
    element('ave:gemarkung', parcel.gemarkungName) +
    element('ave:gemaschl', parts.gemarkungsschluessel) +
    numbers +
    element('ave:lagebeztxt', parcel.lage) +
    element('ave:tntxt', tntxt(parcel)) +
    '</ave:Flurstueck>'
  );
}

function cpFeature(parcel: FakeParcel, frame: OutputFrame): string {
  const parts = splitKennzeichen(parcel.kennzeichen);
  const geometry = parcel.withoutGeometry
    ? ''
    : `<cp:geometry>${multiSurface(parcel, frame)}</cp:geometry>`;
  return (
    `<cp:CadastralParcel gml:id="CadastralParcel_${parcel.kennzeichen}">` +
    `<cp:areaValue uom="m2">${parcel.amtlicheFlaeche}</cp:areaValue>${geometry}` +
    `<cp:inspireId><base:Identifier><base:localId>${parcel.kennzeichen}</base:localId></base:Identifier></cp:inspireId>` +
    element('cp:label', fraction(parts.zaehler, parts.nenner)) +
    element('cp:nationalCadastralReference', parcel.kennzeichen) +
    '</cp:CadastralParcel>'
  );
}

function nasFeature(parcel: FakeParcel, frame: OutputFrame): string {
  const parts = splitKennzeichen(parcel.kennzeichen);
  const geometry = parcel.withoutGeometry
    ? ''
    : `<position>${gmlPolygon(parcel, frame, false, ` srsName="${frame.srsName}" srsDimension="2"`)}</position>`;
  return (
    `<AX_Flurstueck gml:id="DE${parcel.kennzeichen}">${geometry}` +
    `<gemarkung><AX_Gemarkung_Schluessel><land>${parcel.kennzeichen.slice(0, 2)}</land><gemarkungsnummer>${parts.gemarkung}</gemarkungsnummer></AX_Gemarkung_Schluessel></gemarkung>` +
    `<flurstuecksnummer><AX_Flurstuecksnummer>${element('zaehler', parts.zaehler)}${element('nenner', parts.nenner)}</AX_Flurstuecksnummer></flurstuecksnummer>` +
    element('flurstueckskennzeichen', parcel.kennzeichen) +
    `<amtlicheFlaeche uom="m2">${parcel.amtlicheFlaeche.toFixed(2)}</amtlicheFlaeche>` +
    element('flurnummer', parts.flur) +
    '</AX_Flurstueck>'
  );
}

const NAMESPACES: Record<string, string> = {
  ave2: 'xmlns:ave="http://repository.gdi-de.org/schemas/adv/produkt/alkis-vereinfacht/2.0"',
  ave1: 'xmlns:ave="http://repository.gdi-de.org/schemas/adv/produkt/alkis-vereinfacht/1.0"',
  'inspire-cp':
    'xmlns:cp="http://inspire.ec.europa.eu/schemas/cp/4.0" xmlns:base="http://inspire.ec.europa.eu/schemas/base/3.3"',
  nas: 'xmlns="http://www.adv-online.de/namespaces/adv/gid/7.1"',
};

/** A wfs:FeatureCollection of the parcels in the family's GML shape. */
export function gmlAnswer(
  family: Exclude<ParcelFamily, 'berlin' | 'bw-nora'>,
  parcels: readonly FakeParcel[],
  frame: OutputFrame,
): string {
  const feature = (parcel: FakeParcel) => {
    if (family === 'ave2' || family === 'ave1')
      return aveFeature(parcel, frame, family === 'ave1' ? 1 : 2);
    return family === 'nas' ? nasFeature(parcel, frame) : cpFeature(parcel, frame);
  };
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" ${NAMESPACES[family] ?? ''}` +
    ` timeStamp="2025-11-04T07:44:36Z" numberMatched="${parcels.length}" numberReturned="${parcels.length}">` +
    parcels.map((parcel) => `<wfs:member>${feature(parcel)}</wfs:member>`).join('') +
    '</wfs:FeatureCollection>'
  );
}

function geojsonGeometry(parcel: FakeParcel, frame: OutputFrame) {
  if (parcel.withoutGeometry) return null;
  return {
    type: 'MultiPolygon',
    coordinates: [
      parcelRings(parcel).map((ring) => ring.map((p) => position(p, parcel.crs, frame))),
    ],
  };
}

function berlinProperties(parcel: FakeParcel) {
  const parts = splitKennzeichen(parcel.kennzeichen);
  return {
    uuid: `DEBE${parcel.kennzeichen.slice(6, 18)}`,
    bezeich: 'AX_Flurstueck',
    afl: parcel.amtlicheFlaeche.toFixed(1),
    fsko: parcel.kennzeichen.slice(0, 18),
    zae: String(parts.zaehler),
    ...(parts.nenner === undefined ? {} : { nen: String(parts.nenner) }),
    gmk: parts.gemarkung,
    ...(parcel.gemarkungName ? { namgmk: parcel.gemarkungName } : {}),
    ...(parts.flur === undefined ? {} : { fln: String(parts.flur) }),
  };
}

function noraProperties(parcel: FakeParcel) {
  const parts = splitKennzeichen(parcel.kennzeichen);
  return {
    flurstueckskennzeichen: zeroPadded(parcel.kennzeichen),
    gemarkung_id: parts.gemarkungsschluessel,
    ...(parcel.gemarkungName ? { gemarkung_name: parcel.gemarkungName } : {}),
    flurnummer: parts.flur ?? 0,
    zaehler: parts.zaehler,
    nenner: parts.nenner ?? null,
    amtliche_flaeche: parcel.amtlicheFlaeche,
  };
}

/** A GeoJSON FeatureCollection as GeoServer writes it, its CRS named in `crs`. */
export function geojsonAnswer(
  family: 'berlin' | 'bw-nora',
  parcels: readonly FakeParcel[],
  frame: OutputFrame,
): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    numberMatched: parcels.length,
    numberReturned: parcels.length,
    crs: { type: 'name', properties: { name: frame.srsName } },
    features: parcels.map((parcel) => ({
      type: 'Feature',
      id: `flurstuecke.${parcel.kennzeichen}`,
      geometry: geojsonGeometry(parcel, frame),
      properties: family === 'berlin' ? berlinProperties(parcel) : noraProperties(parcel),
    })),
  });
}

/** An OGC API Features item (NRW) with the ALKIS vereinfacht properties; no `crs` member (CRS84). */
export function aveItem(parcel: FakeParcel, frame: OutputFrame): string {
  const parts = splitKennzeichen(parcel.kennzeichen);
  return JSON.stringify({
    type: 'Feature',
    id: parcel.kennzeichen,
    geometry: geojsonGeometry(parcel, frame),
    properties: {
      flstkennz: parcel.kennzeichen,
      flaeche: parcel.amtlicheFlaeche,
      ...(parcel.gemarkungName ? { gemarkung: parcel.gemarkungName } : {}),
      gemaschl: parts.gemarkungsschluessel,
      ...(parts.flur === undefined ? {} : { flur: parts.flur }),
      flstnrzae: parts.zaehler,
      ...(parts.nenner === undefined ? {} : { flstnrnen: parts.nenner }),
      ...(parcel.lage ? { lagebeztxt: parcel.lage } : {}),
      ...(parcel.nutzung ? { tntxt: `${parcel.nutzung};${parcel.amtlicheFlaeche}` } : {}),
    },
  });
}

/** The Kennzeichen as the family's service writes and filters it. */
export function publishedKennzeichen(family: ParcelFamily, kennzeichen: string): string {
  if (family === 'berlin') return kennzeichen.slice(0, 18);
  return family === 'bw-nora' ? zeroPadded(kennzeichen) : kennzeichen;
}
