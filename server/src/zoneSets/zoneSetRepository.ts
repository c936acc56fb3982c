// The imported zone sets in the service's database (migration 070-zone-sets;
// a dataset with zones of its own, e.g. 100-irw-zones, names its tables).
// Raw SQL: zones go in as multi-row INSERTs and a point is one indexed SELECT
// on the spatial index (SQLite R*Tree, MariaDB SPATIAL INDEX), then the exact
// test on the few candidates; no set is ever held whole in memory.
import { QueryTypes, Transaction, type Sequelize } from 'sequelize';
import { readRows } from '../db/hotReads.js';
import type { EastNorth, MetricCrs } from '../geo/metricPolygon.js';
import type { MetricBox } from '../geo/metricBox.js';
import type { NumberFormat } from '../sources/numberFormat.js';

export type ZoneSetStatus = 'importing' | 'active' | 'replaced';

/** Per stichtag: zones imported, and zones left out by German reason. */
export type StichtagCounts = Record<string, { imported: number; leftOut: Record<string, number> }>;

export interface ZoneSetDownload {
  url: string;
  etag?: string | undefined;
  lastModified?: string | undefined;
  sha256?: string | undefined;
  size?: number | undefined;
  /** The file's timestamp in its directory's index (NRW's index.json), as published. */
  indexStamp?: string | undefined;
}

export interface ZoneSetRow {
  id: number;
  state: string;
  dataset: string;
  year: number;
  status: ZoneSetStatus;
  name: string;
  credit: string;
  license: string;
  crs: MetricCrs;
  numberFormat: NumberFormat;
  download?: ZoneSetDownload;
  counts: StichtagCounts;
  newestStichtag: string | null;
  startedAt: Date;
  importedAt: Date | null;
}

export type NewZoneSet = Pick<
  ZoneSetRow,
  'state' | 'dataset' | 'year' | 'name' | 'credit' | 'license' | 'crs' | 'numberFormat' | 'download'
>;

/** One zone to store: its mapped source record, stichtag, compact surface and box. */
export interface ZoneRow {
  stichtag: string;
  record: string;
  geometry: Buffer;
  min: EastNorth;
  max: EastNorth;
}

/** A zone found by the spatial index (a candidate: its box holds the point). */
export interface FoundZone {
  setId: number;
  stichtag: string;
  record: string;
  geometry: Uint8Array;
}

/** A stored zone with its id, which names it while its set exists. */
export type StoredZone = FoundZone & { id: number };

const DELETE_CHUNK = 5_000;

/**
 * Where a dataset's zones are stored: a table of zones and, on SQLite, its
 * R*Tree of boxes (MariaDB keeps the box in the zones table, spatially indexed).
 * The sets themselves are rows of zone_sets, told apart by their dataset.
 */
export interface ZoneTables {
  zones: string;
  boxes: string;
}

/** The land values' zones (migration 070-zone-sets). */
export const LAND_VALUE_TABLES: ZoneTables = { zones: 'zone_set_zones', boxes: 'zone_set_boxes' };

/** NRW's Immobilienrichtwerte (migration 100-irw-zones). */
export const IRW_TABLES: ZoneTables = { zones: 'irw_zones', boxes: 'irw_zone_boxes' };

export class ZoneSetRepository {
  private readonly sqlite: boolean;

  constructor(
    private readonly sequelize: Sequelize,
    private readonly tables: ZoneTables = LAND_VALUE_TABLES,
  ) {
    this.sqlite = sequelize.getDialect() === 'sqlite';
  }

  /** The same sets, with the zones of a dataset stored in tables of its own. */
  storingIn(tables: ZoneTables): ZoneSetRepository {
    return new ZoneSetRepository(this.sequelize, tables);
  }

  async beginSet(set: NewZoneSet, startedAt: Date): Promise<number> {
    const d = set.download;
    const [id] = await this.sequelize.query(
      `INSERT INTO zone_sets (state, dataset, year, status, name, credit, license, crs, number_format,
       source_url, etag, last_modified, sha256, size, index_stamp, started_at)
       VALUES (?,?,?,'importing',?,?,?,?,?,?,?,?,?,?,?,?)`,
      {
        replacements: [
          set.state,
          set.dataset,
          set.year,
          set.name,
          set.credit,
          set.license,
          set.crs,
          set.numberFormat,
          d?.url ?? null,
          d?.etag ?? null,
          d?.lastModified ?? null,
          d?.sha256 ?? null,
          d?.size ?? null,
          d?.indexStamp ?? null,
          startedAt,
        ],
        type: QueryTypes.INSERT,
      },
    );
    return Number(id);
  }

  inTransaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  async insertZones(setId: number, zones: readonly ZoneRow[], transaction?: Transaction) {
    if (zones.length === 0) return;
    const values: unknown[] = [];
    const row = this.sqlite ? '(?,?,?,?,?,?,?,?)' : '(?,?,?,?,?,?,?,?,ST_GeomFromText(?))';
    for (const z of zones) {
      values.push(setId, z.stichtag, z.record, z.geometry, z.min[0], z.min[1], z.max[0], z.max[1]);
      if (!this.sqlite) values.push(boxWkt(z.min, z.max));
    }
    const columns = `set_id, stichtag, record, geometry, min_x, min_y, max_x, max_y${this.sqlite ? '' : ', box'}`;
    await this.sequelize.query(
      `INSERT INTO ${this.tables.zones} (${columns}) VALUES ${zones.map(() => row).join(',')}`,
      { replacements: values, type: QueryTypes.INSERT, transaction },
    );
  }

  /**
   * Makes the set its state's active one for its year and dataset, the
   * previous one replaced, in one transaction: lookups see either set.
   */
  async activate(setId: number, counts: StichtagCounts, now: Date): Promise<void> {
    const newest = Object.keys(counts)
      .filter((stichtag) => (counts[stichtag]?.imported ?? 0) > 0)
      .sort()
      .at(-1);
    const [set] = await this.sequelize.query<{ state: string; dataset: string; year: number }>(
      'SELECT state, dataset, year FROM zone_sets WHERE id = ?',
      { replacements: [setId], type: QueryTypes.SELECT },
    );
    if (!set) throw new Error(`zone set ${setId} is gone`);
    await this.sequelize.transaction(async (transaction) => {
      if (this.sqlite) {
        await this.sequelize.query(
          `INSERT INTO ${this.tables.boxes} (id, min_x, max_x, min_y, max_y)
           SELECT id, min_x, max_x, min_y, max_y FROM ${this.tables.zones} WHERE set_id = ?`,
          { replacements: [setId], transaction },
        );
      }
      await this.sequelize.query(
        'UPDATE zone_sets SET counts = ?, newest_stichtag = ?, imported_at = ? WHERE id = ?',
        { replacements: [JSON.stringify(counts), newest ?? null, now, setId], transaction },
      );
      await this.sequelize.query(
        `UPDATE zone_sets SET status = CASE WHEN id = ? THEN 'active' ELSE 'replaced' END
         WHERE id = ? OR (status = 'active' AND state = ? AND dataset = ? AND year = ?)`,
        { replacements: [setId, setId, set.state, set.dataset, set.year], transaction },
      );
    });
  }

  /** Removes a set that did not become active, or one replaced, with its zones. */
  async remove(setId: number): Promise<void> {
    for (;;) {
      const ids = await this.sequelize.query<{ id: number }>(
        `SELECT id FROM ${this.tables.zones} WHERE set_id = ? LIMIT ${DELETE_CHUNK}`,
        { replacements: [setId], type: QueryTypes.SELECT },
      );
      if (ids.length === 0) break;
      const list = ids.map((r) => Number(r.id)).join(',');
      if (this.sqlite)
        await this.sequelize.query(`DELETE FROM ${this.tables.boxes} WHERE id IN (${list})`);
      await this.sequelize.query(`DELETE FROM ${this.tables.zones} WHERE id IN (${list})`);
    }
    await this.sequelize.query('DELETE FROM zone_sets WHERE id = ?', { replacements: [setId] });
  }

  /** A dataset's sets no lookup reads: replaced ones, and imports a crash left behind. */
  async disposable(state: string, dataset: string, startedBefore: Date): Promise<number[]> {
    const rows = await this.sequelize.query<{ id: number }>(
      `SELECT id FROM zone_sets WHERE state = ? AND dataset = ? AND (status = 'replaced'
       OR (status = 'importing' AND started_at < ?))`,
      { replacements: [state, dataset, startedBefore], type: QueryTypes.SELECT },
    );
    return rows.map((row) => Number(row.id));
  }

  async activeSets(): Promise<ZoneSetRow[]> {
    const rows = await this.sequelize.query<Record<string, unknown>>(
      `SELECT * FROM zone_sets WHERE status = 'active' ORDER BY state, dataset, year`,
      { type: QueryTypes.SELECT },
    );
    return rows.map(toSetRow);
  }

  /** How many zones the set holds. */
  async zoneCount(setId: number): Promise<number> {
    const [row] = await this.sequelize.query<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM ${this.tables.zones} WHERE set_id = ?`,
      { replacements: [setId], type: QueryTypes.SELECT },
    );
    return Number(row?.n ?? 0);
  }

  /** The set's zone at a position (0-based) of its stored order: a sample reads one zone at a time. */
  async zoneAtPosition(setId: number, position: number): Promise<FoundZone | undefined> {
    const [zone] = await this.sequelize.query<FoundZone>(
      `SELECT set_id AS setId, stichtag, record, geometry FROM ${this.tables.zones}
       WHERE set_id = ? ORDER BY id LIMIT 1 OFFSET ?`,
      { replacements: [setId, Math.trunc(position)], type: QueryTypes.SELECT },
    );
    return zone;
  }

  /**
   * The ids of the candidate zones of the given sets whose box holds the point
   * (in the sets' system): a lookup reads a zone's row only where it does not
   * hold the zone already (zonesById).
   */
  async zoneIdsAt(setIds: readonly number[], [x, y]: EastNorth): Promise<number[]> {
    const rows = await this.meeting<{ id: number | string }>('z.id AS id', setIds, {
      min: [x, y],
      max: [x, y],
    });
    return rows.map((row) => Number(row.id));
  }

  /** The zones of the given ids (any order; an id no longer stored is left out). */
  async zonesById(ids: readonly number[]): Promise<StoredZone[]> {
    if (ids.length === 0) return [];
    // A hot read: every zone a lookup meets for the first time.
    const rows = await readRows<StoredZone>(
      this.sequelize,
      `SELECT id, set_id AS setId, stichtag, record, geometry FROM ${this.tables.zones}
       WHERE id IN (${ids.map(() => '?').join(',')})`,
      ids.map((id) => Math.trunc(id)),
    );
    return rows.map((row) => ({ ...row, id: Number(row.id), setId: Number(row.setId) }));
  }

  /** Candidate zones of the given sets whose box meets the box. */
  zonesMeeting(
    setIds: readonly number[],
    box: Pick<MetricBox, 'min' | 'max'>,
  ): Promise<FoundZone[]> {
    return this.meeting<FoundZone>(
      'z.set_id AS setId, z.stichtag AS stichtag, z.record AS record, z.geometry AS geometry',
      setIds,
      box,
    );
  }

  /** The columns (`z.`: the zones table) of the given sets' zones whose box meets the box. */
  private async meeting<Row extends object>(
    columns: string,
    setIds: readonly number[],
    box: Pick<MetricBox, 'min' | 'max'>,
  ): Promise<Row[]> {
    if (setIds.length === 0) return [];
    const sets = setIds.map((id) => Math.trunc(id)).join(',');
    const [minX, minY] = box.min;
    const [maxX, maxY] = box.max;
    if (this.sqlite) {
      // CROSS JOIN keeps SQLite's order: the R*Tree first. A plain JOIN lets the
      // planner walk the set's zones by set_id and ask the tree for each.
      // A hot read (db/hotReads.ts): the zones at the point of every cold lookup.
      return readRows<Row>(
        this.sequelize,
        `SELECT ${columns} FROM ${this.tables.boxes} b CROSS JOIN ${this.tables.zones} z ON z.id = b.id
         WHERE b.min_x <= ? AND b.max_x >= ? AND b.min_y <= ? AND b.max_y >= ? AND z.set_id IN (${sets})`,
        [maxX, minX, maxY, minY],
      );
    }
    // InnoDB refuses a spatial-index read in a transaction it runs as READ
    // UNCOMMITTED ("Update locks cannot be acquired"), as the service's
    // autocommit reads can be: the read gets a transaction of its own level.
    return this.sequelize.transaction(
      { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ },
      (transaction) =>
        this.sequelize.query<Row>(
          `SELECT ${columns} FROM ${this.tables.zones} z WHERE MBRIntersects(z.box, ST_GeomFromText(?)) AND z.set_id IN (${sets})`,
          { replacements: [boxWkt(box.min, box.max)], type: QueryTypes.SELECT, transaction },
        ),
    );
  }
}

/** A box as a WKT polygon, a point's as a point. */
function boxWkt([minX, minY]: EastNorth, [maxX, maxY]: EastNorth): string {
  if (minX === maxX && minY === maxY) return `POINT(${minX} ${minY})`;
  return `POLYGON((${minX} ${minY},${maxX} ${minY},${maxX} ${maxY},${minX} ${maxY},${minX} ${minY}))`;
}

function toSetRow(row: Record<string, unknown>): ZoneSetRow {
  const text = (value: unknown) =>
    value === null || value === undefined ? undefined : String(value);
  const url = text(row.source_url);
  return {
    id: Number(row.id),
    state: String(row.state),
    dataset: String(row.dataset),
    year: Number(row.year),
    status: row.status as ZoneSetStatus,
    name: String(row.name),
    credit: String(row.credit),
    license: String(row.license),
    crs: row.crs as MetricCrs,
    numberFormat: row.number_format as NumberFormat,
    ...(url !== undefined && {
      download: {
        url,
        etag: text(row.etag),
        lastModified: text(row.last_modified),
        sha256: text(row.sha256),
        size: row.size === null ? undefined : Number(row.size),
        indexStamp: text(row.index_stamp),
      },
    }),
    counts: typeof row.counts === 'string' ? (JSON.parse(row.counts) as StichtagCounts) : {},
    newestStichtag: text(row.newest_stichtag) ?? null,
    startedAt: new Date(row.started_at as string),
    importedAt: row.imported_at === null ? null : new Date(row.imported_at as string),
  };
}
