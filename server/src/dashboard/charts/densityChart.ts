// The chart of the density coefficient K(GFZ) = 0.6·√GFZ + 0.2·GFZ + 0.2 as a
// self-contained SVG: the curve from the shared core, the reference and the
// actual GFZ marked on it with their coefficients.
import { densityCoefficient } from '#shared/density.js';
import { escapeSvgText, germanNumber, px } from './svgText.js';

const WIDTH = 560;
const HEIGHT = 320;
const MARGIN = { left: 52, right: 16, top: 16, bottom: 44 };
const SAMPLES = 80;

export interface DensityChartInput {
  gfzReferenz: number;
  gfzTatsaechlich: number;
}

/** A round upper end for the GFZ axis that leaves room right of both marks. */
function axisEnd(largest: number): number {
  const wanted = Math.max(2, largest * 1.25);
  const step = wanted <= 4 ? 0.5 : wanted <= 10 ? 1 : 10 ** Math.floor(Math.log10(wanted));
  return Math.ceil(wanted / step) * step;
}

/** About five tick values from 0 to `end`. */
function ticks(end: number): number[] {
  const raw = end / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const values: number[] = [];
  for (let v = 0; v <= end + step / 1000; v += step) values.push(Number(v.toFixed(6)));
  return values;
}

export function densityChartSvg({ gfzReferenz, gfzTatsaechlich }: DensityChartInput): string {
  const xEnd = axisEnd(Math.max(gfzReferenz, gfzTatsaechlich));
  const yEnd = Math.ceil(densityCoefficient(xEnd) * 2) / 2;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (gfz: number) => MARGIN.left + (gfz / xEnd) * plotWidth;
  const y = (k: number) => MARGIN.top + plotHeight - (k / yEnd) * plotHeight;

  const curve = Array.from({ length: SAMPLES + 1 }, (_, i) => {
    const gfz = (xEnd * i) / SAMPLES;
    return `${px(x(gfz))},${px(y(densityCoefficient(gfz)))}`;
  }).join(' ');
  const xTicks = ticks(xEnd)
    .map(
      (v) =>
        `<line class="grid" x1="${px(x(v))}" y1="${MARGIN.top}" x2="${px(x(v))}" y2="${MARGIN.top + plotHeight}"/>` +
        `<text class="tick" x="${px(x(v))}" y="${MARGIN.top + plotHeight + 16}" text-anchor="middle">${germanNumber(v, v % 1 === 0 ? 0 : 1)}</text>`,
    )
    .join('');
  const yTicks = ticks(yEnd)
    .map(
      (v) =>
        `<line class="grid" x1="${MARGIN.left}" y1="${px(y(v))}" x2="${MARGIN.left + plotWidth}" y2="${px(y(v))}"/>` +
        `<text class="tick" x="${MARGIN.left - 6}" y="${px(y(v) + 4)}" text-anchor="end">${germanNumber(v, v % 1 === 0 ? 0 : 1)}</text>`,
    )
    .join('');
  // Each mark is a dot on the curve with a dashed drop line; its numbers stand in a
  // legend at the top left, where the rising curve leaves room.
  const mark = (gfz: number, kind: 'referenz' | 'tatsaechlich', label: string, line: number) => {
    const k = densityCoefficient(gfz);
    const text = `${label}: GFZ ${germanNumber(gfz, 2)}, K ${germanNumber(k, 4)}`;
    const legendY = MARGIN.top + 18 + line * 20;
    return (
      `<g class="mark ${kind}" data-gfz="${gfz}">` +
      `<line x1="${px(x(gfz))}" y1="${px(y(k))}" x2="${px(x(gfz))}" y2="${MARGIN.top + plotHeight}"/>` +
      `<circle cx="${px(x(gfz))}" cy="${px(y(k))}" r="5"/>` +
      `<circle cx="${MARGIN.left + 16}" cy="${legendY - 4}" r="5"/>` +
      `<text x="${MARGIN.left + 28}" y="${legendY}">${escapeSvgText(text)}</text>` +
      '</g>'
    );
  };
  return (
    `<svg class="chart density-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="density-chart-title">` +
    '<title id="density-chart-title">Umrechnungskoeffizient K in Abhängigkeit von der GFZ</title>' +
    xTicks +
    yTicks +
    `<line class="axis" x1="${MARGIN.left}" y1="${MARGIN.top + plotHeight}" x2="${MARGIN.left + plotWidth}" y2="${MARGIN.top + plotHeight}"/>` +
    `<line class="axis" x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${MARGIN.top + plotHeight}"/>` +
    `<text class="axis-label" x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 6}" text-anchor="middle">Geschossflächenzahl (GFZ)</text>` +
    `<text class="axis-label" x="14" y="${MARGIN.top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 14 ${MARGIN.top + plotHeight / 2})">K(GFZ)</text>` +
    `<polyline class="curve" points="${curve}"/>` +
    mark(gfzReferenz, 'referenz', 'Referenz', 0) +
    mark(gfzTatsaechlich, 'tatsaechlich', 'Tatsächlich', 1) +
    '</svg>'
  );
}
