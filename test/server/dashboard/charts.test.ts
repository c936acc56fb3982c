import { describe, expect, it } from 'vitest';
import { densityCoefficient } from '#shared/density.js';
import { densityChartSvg } from '#server/dashboard/charts/densityChart.js';
import { zoneMapSvg } from '#server/dashboard/charts/zoneMap.js';
import { entryRows, showValue } from '#server/dashboard/pages/entryFields.js';
import { portalLink } from '#server/dashboard/pages/lookupPage.js';
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';

const numbers = (text: string | undefined) => (text ?? '').split(/[\s,]+/).map(Number);

/** The centre of a circle element with this class (first match). */
function circle(svg: string, className: string): [number, number] {
  const tag = new RegExp(`<circle class="${className}"[^>]*>`).exec(svg)?.[0] ?? '';
  return [Number(/cx="([^"]+)"/.exec(tag)?.[1]), Number(/cy="([^"]+)"/.exec(tag)?.[1])];
}

describe('density chart', () => {
  it('puts each mark on the curve K(GFZ) of the shared core', () => {
    const svg = densityChartSvg({ gfzReferenz: 0.8, gfzTatsaechlich: 2.4 });
    const points = numbers(/<polyline class="curve" points="([^"]+)"/.exec(svg)?.[1]);
    const marks = [
      ...svg.matchAll(
        /<g class="mark (\w+)" data-gfz="([^"]+)"><line [^>]*\/><circle cx="([^"]+)" cy="([^"]+)"/g,
      ),
    ];
    expect(marks.map((m) => [m[1], Number(m[2])])).toEqual([
      ['referenz', 0.8],
      ['tatsaechlich', 2.4],
    ]);
    // The curve is the polyline; each mark's dot lies on the segment below its x.
    const xs = points.filter((_, i) => i % 2 === 0);
    const ys = points.filter((_, i) => i % 2 === 1);
    for (const m of marks) {
      const [cx, cy] = [Number(m[3]), Number(m[4])];
      const i = xs.findIndex((x) => x >= cx);
      const [x0, x1, y0, y1] = [xs[i - 1] ?? 0, xs[i] ?? 0, ys[i - 1] ?? 0, ys[i] ?? 0];
      expect(Math.abs(y0 + ((cx - x0) / (x1 - x0)) * (y1 - y0) - cy)).toBeLessThan(0.5);
    }
    expect(svg).toContain(
      `Referenz: GFZ 0,80, K ${densityCoefficient(0.8).toFixed(4).replace('.', ',')}`,
    );
    expect(svg).toContain('Tatsächlich: GFZ 2,40, K');
  });

  it('keeps both marks inside the axis for far apart GFZ', () => {
    const svg = densityChartSvg({ gfzReferenz: 0.1, gfzTatsaechlich: 40 });
    const viewBox = numbers(/viewBox="([^"]+)"/.exec(svg)?.[1]);
    for (const m of svg.matchAll(
      /<g class="mark \w+" data-gfz="[^"]+"><line [^>]*\/><circle cx="([^"]+)" cy="([^"]+)"/g,
    )) {
      expect(Number(m[1])).toBeLessThanOrEqual(viewBox[2] ?? 0);
      expect(Number(m[2])).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('zone map', () => {
  const point = { lat: 52.3745, lon: 9.7386 };
  const zone: [number, number][] = [
    [9.736, 52.373],
    [9.741, 52.373],
    [9.741, 52.376],
    [9.736, 52.376],
    [9.736, 52.373],
  ];

  it('draws the zone around the address point, fitted to the smallest zone', () => {
    const wide: [number, number][] = zone.map(([lon, lat]) => [
      9.7386 + (lon - 9.7386) * 40,
      52.3745 + (lat - 52.3745) * 40,
    ]);
    const svg = zoneMapSvg({ point, outlines: [[wide], [zone]] });
    const view = numbers(/viewBox="([^"]+)"/.exec(svg)?.[1]);
    const [minX = 0, minY = 0, width = 0, height = 0] = view;
    const paths = [...svg.matchAll(/<path class="zone" fill-rule="evenodd" d="M([^"]+)Z"/g)];
    expect(paths).toHaveLength(2);
    const corners = (paths[1]?.[1] ?? '').split('L').map((p) => numbers(p));
    const xs = corners.map(([x = 0]) => x);
    const ys = corners.map(([, y = 0]) => y);
    const [cx, cy] = circle(svg, 'address-point');
    expect(cx).toBeGreaterThan(Math.min(...xs));
    expect(cx).toBeLessThan(Math.max(...xs));
    expect(cy).toBeGreaterThan(Math.min(...ys));
    expect(cy).toBeLessThan(Math.max(...ys));
    // The small zone fills a good part of the view, and the whole of it is inside.
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(width / 4);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(minX);
    expect(Math.max(...ys)).toBeLessThanOrEqual(minY + height);
    expect(svg).not.toContain('<image');
  });

  it('draws only the point without an outline, and tiles only when configured', () => {
    const bare = zoneMapSvg({ point, outlines: [] });
    expect(bare).toContain('data-zones="0"');
    expect(bare).not.toContain('class="zone"');
    const tiled = zoneMapSvg({
      point,
      outlines: [[zone]],
      tileUrl: 'https://tiles.example.de/{z}/{x}/{y}.png?a=1&b=2',
    });
    const hrefs = [...tiled.matchAll(/<image href="([^"]+)" x="(\d+)" y="(\d+)"/g)];
    expect(hrefs.length).toBeGreaterThan(0);
    for (const [, href = '', x, y] of hrefs) {
      const [, z, tx, ty] = /\/(\d+)\/(\d+)\/(\d+)\.png/.exec(href) ?? [];
      // Each tile sits at its own place in the zoom's pixel grid; & is escaped.
      expect(Number(x)).toBe(Number(tx) * 256);
      expect(Number(y)).toBe(Number(ty) * 256);
      expect(Number(z)).toBeGreaterThan(10);
      expect(href).toContain('&#38;b=2');
    }
  });
});

describe('entry fields on the lookup page', () => {
  it('shows known fields with German labels in contract order and new ones under their name', () => {
    const entries = [
      {
        nutzungsart: 'Wohnbaufläche',
        code: 'W',
        brw_euro_pro_m2: 1234.5,
        stichtag: '2026-01-01',
        gemeinde: 'Hannover',
        gutachterausschuss: '',
        neues_feld: 'Wert',
        entwicklungszustand: 'baureifes Land',
        viewer_url: 'https://portal.example.de/?zone=1',
      },
      {
        nutzungsart: 'Acker',
        code: 'L',
        brw_euro_pro_m2: 4.5,
        stichtag: '2026-01-01',
        gemeinde: 'Hannover',
        gutachterausschuss: '',
      },
    ] as BodenrichtwertEntry[];
    const rows = entryRows(entries);
    expect(rows.map((r) => r.key)).toEqual([
      'nutzungsart',
      'code',
      'brw_euro_pro_m2',
      'stichtag',
      'gemeinde',
      'gutachterausschuss',
      'entwicklungszustand',
      'viewer_url',
      'neues_feld',
    ]);
    const row = (key: string) => rows.find((r) => r.key === key);
    expect(row('brw_euro_pro_m2')?.values.map((v) => v.text)).toEqual(['1.234,5', '4,5']);
    expect(row('stichtag')?.values[0]?.text).toBe('01.01.2026');
    expect(row('entwicklungszustand')?.label).toBe('Entwicklungszustand');
    expect(row('neues_feld')?.values.map((v) => v.text)).toEqual(['Wert', 'nicht veröffentlicht']);
    expect(row('viewer_url')?.values[0]).toEqual({
      text: 'öffnen',
      href: 'https://portal.example.de/?zone=1',
    });
    expect(showValue('2026-03-05T10:15:00.000Z').text).toBe('05.03.2026, 11:15');
  });
});

describe('official portal link', () => {
  const entry = {
    nutzungsart: 'Wohnbaufläche',
    code: 'W',
    brw_euro_pro_m2: 100,
    stichtag: '2026-01-01',
    gemeinde: 'Hannover',
    gutachterausschuss: '',
  } as const;
  const source = 'https://quelle.example.de/';

  it('takes the first web address of viewer_url, else the source', () => {
    const viewer = { ...entry, viewer_url: 'https://portal.example.de/?x=1' };
    const script = { ...entry, viewer_url: 'javascript:alert(1)' };
    expect(portalLink([entry, viewer], source)).toBe('https://portal.example.de/?x=1');
    expect(portalLink([script], source)).toBe(source);
    expect(portalLink([entry], source)).toBe(source);
  });
});
