// The land value of a parcel per land use (issue 34), from the zones' shares.
import { afterAll, describe, expect, it } from 'vitest';
import { calculateBodenwert } from '#shared/density.js';
import { ErrorCode } from '#shared/errors.js';
import type { MetricMultiPolygon } from '#server/geo/metricPolygon.js';
import { createGeometryPool } from '#server/parcels/geometryPool.js';
import { zonesOfParcel } from '#server/parcels/parcelZones.js';
import { NO_WGFZ_HINWEIS, valuesByUse } from '#server/parcels/parcelValue.js';
import type { SourceRecord } from '#server/sources/sourceRecord.js';

const box = (e0: number, e1: number, n0 = 5_800_000, n1 = 5_800_050): MetricMultiPolygon => ({
  crs: 'EPSG:25832',
  polygons: [
    [
      [
        [e0, n0],
        [e1, n0],
        [e1, n1],
        [e0, n1],
        [e0, n0],
      ],
    ],
  ],
});

/** A parcel of 100 × 50 m whose official area is 1,000 m² (the polygon only divides it). */
const parcel = { polygon: box(500_000, 500_100), amtliche_flaeche_m2: 1000 };

const record = (fields: SourceRecord) => ({
  stichtag: '2026-01-01',
  nutzung: 'W',
  gutachterausschuss: 'GAA',
  ...fields,
});

const context = {
  fallbackGemeinde: 'Musterstadt',
  today: '2026-06-30',
  numberFormat: 'xml' as const,
  onSkipped: () => undefined,
  onUnreadable: () => undefined,
};

/** The shares are computed on the pool's threads, as the service computes them. */
const geometry = createGeometryPool();
afterAll(() => geometry.close());

const zonesOf = async (
  ...args: [
    Parameters<typeof zonesOfParcel>[0],
    Parameters<typeof zonesOfParcel>[1],
    Parameters<typeof zonesOfParcel>[2],
  ]
) => (await zonesOfParcel(...args, geometry)).zonen;

describe('parcel value', () => {
  it('a parcel split 60/40 between zones of 500 and 300 EUR/m² is worth 420,000 EUR', async () => {
    const zones = await zonesOf(
      parcel,
      [
        {
          record: record({ brw: '500', bodenrichtwertnummer: '1' }),
          polygon: box(499_000, 500_060),
        },
        {
          record: record({ brw: '300', bodenrichtwertnummer: '2' }),
          polygon: box(500_060, 501_000),
        },
      ],
      context,
    );
    expect(zones.map((z) => [z.bodenrichtwertnummer, z.anteil, z.anteil_flaeche_m2])).toEqual([
      ['1', 0.6, 600],
      ['2', 0.4, 400],
    ]);
    const [value, ...others] = valuesByUse(zones, undefined);
    expect(others).toEqual([]);
    expect(value).toMatchObject({ code: 'W', flaeche_m2: 1000, bodenwert_euro: 420_000 });
    expect(value?.zonen.map((z) => z.bodenwert_euro)).toEqual([300_000, 120_000]);
  });

  it('values overlapping uses apart and keeps per zone the newest stichtag on or before the day', async () => {
    const zones = await zonesOf(
      parcel,
      [
        {
          record: record({ brw: '200', bodenrichtwertnummer: '1' }),
          polygon: box(499_000, 501_000),
        },
        {
          record: record({ brw: '180', bodenrichtwertnummer: '1', stichtag: '2024-01-01' }),
          polygon: box(499_000, 501_000),
        },
        {
          record: record({ brw: '250', bodenrichtwertnummer: '1', stichtag: '2027-01-01' }),
          polygon: box(499_000, 501_000),
        },
        {
          record: record({ brw: '4', nutzung: 'LW', bodenrichtwertnummer: '9' }),
          polygon: box(499_000, 501_000),
        },
      ],
      context,
    );
    const values = valuesByUse(zones, undefined);
    expect(values.map((v) => [v.code, v.flaeche_m2, v.bodenwert_euro])).toEqual([
      ['W', 1000, 200_000],
      ['L', 1000, 4000],
    ]);
  });

  it('converts each zone by its wertrelevante GFZ as the calculation does, and says where it cannot', async () => {
    const zones = await zonesOf(
      parcel,
      [
        {
          record: record({
            brw: '500',
            bodenrichtwertnummer: '1',
            wertrel_geschossflaechenzahl: '1.0',
          }),
          polygon: box(499_000, 500_060),
        },
        {
          record: record({
            brw: '300',
            bodenrichtwertnummer: '2',
            wertrel_geschossflaechenzahl: '0.8',
          }),
          polygon: box(500_060, 501_000),
        },
      ],
      context,
    );
    const [value] = valuesByUse(zones, 1.2);
    const expected = [
      calculateBodenwert({ brw: 500, gfz_referenz: 1, gfz_tatsaechlich: 1.2, flaeche: 600 }),
      calculateBodenwert({ brw: 300, gfz_referenz: 0.8, gfz_tatsaechlich: 1.2, flaeche: 400 }),
    ];
    expect(value?.zonen.map((z) => z.gfz_umrechnung)).toEqual(
      expected.map((e) => ({
        gfz_referenz: e.gfz_referenz,
        faktor: e.faktor,
        bodenrichtwert_tatsaechlich_euro_pro_m2: e.bodenrichtwert_tatsaechlich_euro_pro_m2,
        bodenwert_euro: e.bodenwert_euro,
      })),
    );
    expect(value?.bodenwert_gfz_euro).toBeCloseTo(
      (expected[0]?.bodenwert_euro ?? 0) + (expected[1]?.bodenwert_euro ?? 0),
      2,
    );

    const [partly] = valuesByUse(
      zones.map((z, i) =>
        i === 1 ? { ...z, wertrel_geschossflaechenzahl: undefined } : z,
      ) as (typeof zones)[number][],
      1.2,
    );
    expect(partly?.zonen[1]?.gfz_umrechnung).toEqual({ hinweis: NO_WGFZ_HINWEIS });
    expect(partly).not.toHaveProperty('bodenwert_gfz_euro');
  });

  it('refuses a plot GFZ the calculation refuses, with its code', async () => {
    const zones = await zonesOf(
      parcel,
      [
        {
          record: record({ brw: '500', wertrel_geschossflaechenzahl: '1.0' }),
          polygon: box(499_000, 501_000),
        },
      ],
      context,
    );
    expect(() => valuesByUse(zones, 0)).toThrow(
      expect.objectContaining({ code: ErrorCode.invalidGfzTatsaechlich }) as Error,
    );
  });
});
