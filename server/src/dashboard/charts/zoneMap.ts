// The map of a lookup as a self-contained SVG in Web Mercator: the outlines of
// the zones the source returned, the address point and a scale bar. It needs
// no network; the state's own map of its zones (fetched by the server for the
// box zoneMapBox gives, embedded as data) and, when the operator configures a
// tile URL, background tiles (in the same projection) are placed underneath.
import type { LonLat, ZoneOutline } from '../../geo/zoneOutline.js';
import type { LonLatBox } from '../../sources/maps/officialMap.js';
import { escapeSvgText, px } from './svgText.js';

const WIDTH = 640;
const HEIGHT = 400;
const TILE = 256;
/** Without an outline the map shows this many metres around the point. */
const BARE_POINT_SPAN_M = 300;
/** Around a parcel at least this many metres: a parcel is tens of metres, not a zone's hundreds. */
const PARCEL_SPAN_M = 80;
const MAX_ZOOM = 19;

export interface ZoneMapInput {
  point: { lat: number; lon: number };
  outlines: readonly ZoneOutline[];
  /** e.g. https://tile.example.org/{z}/{x}/{y}.png; undefined: no background. */
  tileUrl?: string | undefined;
  /** The state's own map of the box zoneMapBox gave, as a data: URL. */
  officialMap?: { href: string; box: LonLatBox } | undefined;
  /** A parcel's outline (the Flurstück view): drawn over the zones, and the map fits it. */
  parcel?: ZoneOutline | undefined;
  /** Whether the point is an address to mark (false: a parcel asked by Kennzeichen). */
  markPoint?: boolean;
}

/** The size the official map is asked in: the map's own pixels. */
export const MAP_PIXELS = { width: WIDTH, height: HEIGHT } as const;

/** Web Mercator at zoom 0 in pixels (0…256). */
function world([lon, lat]: LonLat): [number, number] {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return [
    ((lon + 180) / 360) * TILE,
    (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE,
  ];
}

const metresPerWorldPixel = (lat: number) =>
  (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / TILE;

/** A round length for the scale bar, about a fifth of the map's width. */
function scaleLength(widthMetres: number): number {
  const raw = widthMetres / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return (
    [1, 2, 5, 10]
      .map((m) => m * magnitude)
      .filter((s) => s <= raw)
      .pop() ?? magnitude
  );
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function tileImages(template: string, zoom: number, { minX, minY, maxX, maxY }: Box): string {
  const count = 2 ** zoom;
  const images: string[] = [];
  for (let ty = Math.floor(minY / TILE); ty <= Math.floor(maxY / TILE); ty += 1) {
    for (let tx = Math.floor(minX / TILE); tx <= Math.floor(maxX / TILE); tx += 1) {
      if (ty < 0 || ty >= count) continue;
      const wrapped = ((tx % count) + count) % count;
      const href = template
        .replace('{z}', String(zoom))
        .replace('{x}', String(wrapped))
        .replace('{y}', String(ty));
      images.push(
        `<image href="${escapeSvgText(href)}" x="${tx * TILE}" y="${ty * TILE}" width="${TILE}" height="${TILE}"/>`,
      );
    }
  }
  return `<g class="tiles">${images.join('')}</g>`;
}

/**
 * Most points drawn per zone: the map is 640 pixels wide, while a zone of many
 * parts may bring hundreds of thousands (each ring is thinned on its own when
 * read, not the zone as a whole).
 */
export const MAX_MAP_POINTS_PER_ZONE = 4_096;

/** Every ring with the same share of its points, so the zone keeps at most the budget. */
function thinned(outline: ZoneOutline): ZoneOutline {
  const total = outline.reduce((sum, ring) => sum + ring.length, 0);
  const step = Math.ceil(total / MAX_MAP_POINTS_PER_ZONE);
  if (step <= 1) return outline;
  return outline
    .map((ring) => ring.filter((_, i) => i % step === 0 || i === ring.length - 1))
    .filter((ring) => ring.length >= 3);
}

/** The box of the points, by loop: spreading a long list into Math.min overflows the stack. */
function bounds(points: Iterable<[number, number]>): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

/** The state's map stretched over its box (lon/lat is linear enough over a few km). */
function officialImage(
  { href, box }: NonNullable<ZoneMapInput['officialMap']>,
  at: (position: LonLat) => [number, number],
): string {
  const [x1, y1] = at([box.west, box.north]);
  const [x2, y2] = at([box.east, box.south]);
  return (
    `<image class="official-map" href="${escapeSvgText(href)}" x="${px(x1)}" y="${px(y1)}" ` +
    `width="${px(x2 - x1)}" height="${px(y2 - y1)}" preserveAspectRatio="none"/>`
  );
}

function smallest(outlines: readonly ZoneOutline[]): ZoneOutline | undefined {
  const area = (outline: ZoneOutline) => {
    const { minX, minY, maxX, maxY } = bounds(outline.flat());
    return (maxX - minX) * (maxY - minY);
  };
  return [...outlines].sort((a, b) => area(a) - area(b))[0];
}

/** The inverse of world(). */
function lonLatOf(x: number, y: number): LonLat {
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / TILE))) * 180) / Math.PI;
  return [(x / TILE) * 360 - 180, lat];
}

type ViewInput = Pick<ZoneMapInput, 'point' | 'outlines' | 'parcel'>;

/** What the map shows, in pixels of its zoom. */
function viewOf({ point, outlines, parcel }: ViewInput) {
  const centre = world([point.lon, point.lat]);
  // The map fits the parcel, else the smallest zone: a wide overlay (farmland around a
  // city) would shrink the rest.
  const corners = (parcel ?? smallest(outlines) ?? []).flat().map(world);
  let { minX, minY, maxX, maxY } = bounds([centre, ...corners]);
  const bareSpan =
    (parcel === undefined ? BARE_POINT_SPAN_M : PARCEL_SPAN_M) / metresPerWorldPixel(point.lat);
  const spanX = Math.max(maxX - minX, bareSpan) * 1.15;
  const spanY = Math.max(maxY - minY, bareSpan) * 1.15;
  // The integer zoom whose pixels fit the extent into the map; tiles exist per integer zoom.
  const zoom = Math.max(
    0,
    Math.min(MAX_ZOOM, Math.floor(Math.log2(Math.min(WIDTH / spanX, HEIGHT / spanY)))),
  );
  const scale = 2 ** zoom;
  // The view keeps the map's aspect ratio around the extent's centre.
  const viewWidth = Math.max(spanX * scale, ((spanY * scale) / HEIGHT) * WIDTH);
  const viewHeight = (viewWidth / WIDTH) * HEIGHT;
  const midX = ((minX + maxX) / 2) * scale;
  const midY = ((minY + maxY) / 2) * scale;
  [minX, minY] = [midX - viewWidth / 2, midY - viewHeight / 2];
  [maxX, maxY] = [minX + viewWidth, minY + viewHeight];
  return { zoom, scale, minX, minY, maxX, maxY, viewWidth, viewHeight };
}

/** The lon/lat box the map shows: the box to ask the state's map for. */
export function zoneMapBox(input: ViewInput): LonLatBox {
  const { scale, minX, minY, maxX, maxY } = viewOf(input);
  const [west, north] = lonLatOf(minX / scale, minY / scale);
  const [east, south] = lonLatOf(maxX / scale, maxY / scale);
  return { west, south, east, north };
}

export function zoneMapSvg({
  point,
  outlines: published,
  tileUrl,
  officialMap,
  parcel,
  markPoint = true,
}: ZoneMapInput): string {
  const outlines = published.map(thinned);
  const { zoom, scale, minX, minY, maxX, maxY, viewWidth, viewHeight } = viewOf({
    point,
    outlines,
    parcel,
  });
  const at = (position: LonLat) => world(position).map((v) => v * scale) as [number, number];
  const path = (rings: ZoneOutline, kind: string) => {
    const d = rings
      .map((ring) => `M${ring.map((p) => at(p).map(px).join(' ')).join('L')}Z`)
      .join('');
    return `<path class="${kind}" fill-rule="evenodd" d="${d}"/>`;
  };
  const zones = outlines.map((rings) => path(rings, 'zone')).join('');
  const parcelPath = parcel === undefined ? '' : path(thinned(parcel), 'parcel');
  const [cx, cy] = at([point.lon, point.lat]);
  const unit = viewWidth / WIDTH;
  const metresPerPixel = metresPerWorldPixel(point.lat) / scale;
  const barMetres = scaleLength(viewWidth * metresPerPixel);
  const barLength = barMetres / metresPerPixel;
  const barX = minX + 12 * unit;
  const barY = maxY - 14 * unit;
  const barText = barMetres >= 1000 ? `${barMetres / 1000} km` : `${barMetres} m`;
  return (
    `<svg class="chart zone-map" xmlns="http://www.w3.org/2000/svg" viewBox="${px(minX)} ${px(minY)} ${px(viewWidth)} ${px(viewHeight)}" role="img" aria-labelledby="zone-map-title" data-zones="${outlines.length}">` +
    '<title id="zone-map-title">Karte der Bodenrichtwertzone mit dem Standort der Adresse</title>' +
    `<rect class="map-ground" x="${px(minX)}" y="${px(minY)}" width="${px(viewWidth)}" height="${px(viewHeight)}"/>` +
    (tileUrl ? tileImages(tileUrl, zoom, { minX, minY, maxX, maxY }) : '') +
    (officialMap ? officialImage(officialMap, at) : '') +
    `<g style="stroke-width:${px(2 * unit)}">${zones}</g>` +
    (parcelPath ? `<g style="stroke-width:${px(3 * unit)}">${parcelPath}</g>` : '') +
    (markPoint
      ? `<circle class="address-point" cx="${px(cx)}" cy="${px(cy)}" r="${px(7 * unit)}" style="stroke-width:${px(2.5 * unit)}"/>`
      : '') +
    `<g class="scale-bar" style="stroke-width:${px(2 * unit)};font-size:${px(12 * unit)}px">` +
    `<line x1="${px(barX)}" y1="${px(barY)}" x2="${px(barX + barLength)}" y2="${px(barY)}"/>` +
    `<text x="${px(barX + barLength / 2)}" y="${px(barY - 5 * unit)}" text-anchor="middle">${barText}</text>` +
    '</g></svg>'
  );
}
