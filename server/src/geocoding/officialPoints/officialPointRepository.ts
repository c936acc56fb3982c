// The imported house coordinates in the service's database (migrations
// 040-house-coordinates, 041-house-import-origin). Raw SQL: millions of rows go in as multi-row
// INSERTs, and the match is one indexed SELECT; Sequelize models would add
// an object per row and a PRAGMA per query for nothing. The match is a hot
// read (db/hotReads.ts).
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { readRows } from '../../db/hotReads.js';
import type { DataDateSource } from './datasetLabel.js';

export interface OfficialPoint {
  streetKey: string;
  number: number;
  suffix: string;
  placeKey: string;
  localityKey: string | null;
  postcode: string | null;
  street: string;
  houseNumber: string;
  municipality: string;
  quality: string;
  lat: number;
  lon: number;
}

/** The parts that make two points one address. */
export type AddressKey = Pick<
  OfficialPoint,
  'placeKey' | 'localityKey' | 'streetKey' | 'number' | 'suffix'
>;

export interface StreetName {
  placeKey: string;
  streetKey: string;
  street: string;
}

/** An Ortsteil of a place as the file names it ("Sachsenhausen-Nord"). */
export interface LocalityName {
  placeKey: string;
  localityKey: string;
  locality: string;
}

/** A point found for a lookup, with the import it belongs to. */
export interface MatchedPoint extends OfficialPoint {
  /** The Ortsteil's name as the file writes it; null where none, or the import predates the names. */
  locality: string | null;
  state: string;
  dataDate: string | null;
  dataDateSource: DataDateSource | null;
}

/** Where a downloaded file came from, with the validators its server sent (RFC 9110 §8.8). */
export interface DownloadOrigin {
  url: string;
  etag?: string;
  lastModified?: string;
}

export type ImportStatus = 'loading' | 'active' | 'replaced' | 'refused';

export interface ImportRecord {
  id: number;
  state: string;
  status: ImportStatus;
  fileName: string;
  sha256: string;
  format: string;
  rowsRead: number;
  rowsKept: number;
  leftOut: Record<string, number>;
  dataDate: string | null;
  dataDateSource: DataDateSource | null;
  /** The download the file came from; absent for a file given by hand. */
  origin?: DownloadOrigin;
  firstPointId: number | null;
  lastPointId: number | null;
  startedAt: Date;
  importedAt: Date | null;
}

export interface ImportSummary {
  rowsRead: number;
  rowsKept: number;
  leftOut: Record<string, number>;
  dataDate: string | null;
  dataDateSource: DataDateSource | null;
}

/** An address with many points in one spot, as the file names it. */
export interface CrowdedAddress {
  municipality: string;
  street: string;
  houseNumber: string;
  points: number;
}

export interface AddressRepeats {
  /** Rows beyond the first point of each address. */
  extraRows: number;
  crowded?: CrowdedAddress;
}

const POINT_COLUMNS = [
  'import_id',
  'street_key',
  'number',
  'suffix',
  'place_key',
  'locality_key',
  'postcode',
  'street',
  'house_number',
  'municipality',
  'quality',
  'lat',
  'lon',
] as const;

const MATCH_SELECT = `SELECT p.street_key AS streetKey, p.number AS number, p.suffix AS suffix,
  p.place_key AS placeKey, p.locality_key AS localityKey, p.postcode AS postcode, p.street AS street,
  p.house_number AS houseNumber, p.municipality AS municipality, p.quality AS quality, p.lat AS lat,
  p.lon AS lon, l.locality AS locality, i.state AS state, i.data_date AS dataDate,
  i.data_date_source AS dataDateSource
  FROM house_points p JOIN house_point_imports i ON i.id = p.import_id AND i.status = 'active'
  LEFT JOIN house_localities l ON l.import_id = p.import_id AND l.place_key = p.place_key
  AND l.locality_key = p.locality_key`;

/** What makes points one address (the repeat guard's grouping). */
const ADDRESS = 'place_key, locality_key, street_key, number, suffix';
/** Addresses read per statement when the crowded ones are looked for. */
const CROWD_CHUNK = 100;

/** Rows deleted per statement when the points of an import are removed. */
const DELETE_CHUNK = 20_000;

export class OfficialPointRepository {
  constructor(private readonly sequelize: Sequelize) {}

  async beginImport(
    record: Pick<ImportRecord, 'state' | 'fileName' | 'sha256' | 'format' | 'origin'>,
    startedAt: Date,
  ): Promise<number> {
    const [maxId] = await this.sequelize.query<{ maxId: number | null }>(
      'SELECT MAX(id) AS maxId FROM house_points',
      { type: QueryTypes.SELECT },
    );
    const [id] = await this.sequelize.query(
      `INSERT INTO house_point_imports (state, status, file_name, sha256, format, first_point_id,
       started_at, source_url, etag, last_modified) VALUES (?, 'loading', ?, ?, ?, ?, ?, ?, ?, ?)`,
      {
        replacements: [
          record.state,
          record.fileName,
          record.sha256,
          record.format,
          Number(maxId?.maxId ?? 0) + 1,
          startedAt,
          ...originColumns(record.origin),
        ],
        type: QueryTypes.INSERT,
      },
    );
    return Number(id);
  }

  /**
   * The download the file of an import came from, remembered again when the same
   * file was downloaded anew (its server may have sent new validators).
   */
  async rememberOrigin(importId: number, origin: DownloadOrigin): Promise<void> {
    await this.sequelize.query(
      'UPDATE house_point_imports SET source_url = ?, etag = ?, last_modified = ? WHERE id = ?',
      { replacements: [...originColumns(origin), importId] },
    );
  }

  /** Runs `work` in one transaction (a chunk of batches commits at once). */
  inTransaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  async insertPoints(
    importId: number,
    points: readonly OfficialPoint[],
    transaction?: Transaction,
  ): Promise<void> {
    if (points.length === 0) return;
    const row = `(${POINT_COLUMNS.map(() => '?').join(',')})`;
    const values: unknown[] = [];
    for (const p of points) {
      values.push(
        importId,
        p.streetKey,
        p.number,
        p.suffix,
        p.placeKey,
        p.localityKey,
        p.postcode,
        p.street,
        p.houseNumber,
        p.municipality,
        p.quality,
        p.lat,
        p.lon,
      );
    }
    await this.sequelize.query(
      `INSERT INTO house_points (${POINT_COLUMNS.join(',')}) VALUES ${points.map(() => row).join(',')}`,
      { replacements: values, type: QueryTypes.INSERT, transaction },
    );
  }

  async insertStreets(importId: number, streets: readonly StreetName[]): Promise<void> {
    await this.insertNames(
      'house_streets',
      ['place_key', 'street_key', 'street'],
      importId,
      streets.map((s) => [s.placeKey, s.streetKey, s.street]),
    );
  }

  async insertLocalities(importId: number, localities: readonly LocalityName[]): Promise<void> {
    await this.insertNames(
      'house_localities',
      ['place_key', 'locality_key', 'locality'],
      importId,
      localities.map((l) => [l.placeKey, l.localityKey, l.locality]),
    );
  }

  /** The names per place of one import (streets, Ortsteile), 2,000 rows per statement. */
  private async insertNames(
    table: 'house_streets' | 'house_localities',
    columns: readonly string[],
    importId: number,
    rows: readonly (readonly string[])[],
  ): Promise<void> {
    const row = `(${['import_id', ...columns].map(() => '?').join(',')})`;
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = rows.slice(i, i + 2000);
      await this.sequelize.query(
        `INSERT INTO ${table} (import_id, ${columns.join(', ')}) VALUES ${chunk.map(() => row).join(',')}`,
        { replacements: chunk.flatMap((r) => [importId, ...r]), type: QueryTypes.INSERT },
      );
    }
  }

  /**
   * Makes the import its state's active one and the previous one replaced, in
   * one statement: lookups see either set of points, never none or both.
   */
  async activate(importId: number, state: string, summary: ImportSummary, now: Date) {
    await this.sequelize.transaction(async (transaction) => {
      await this.recordSummary(importId, summary, now, transaction);
      await this.sequelize.query(
        `UPDATE house_point_imports SET status = CASE WHEN id = ? THEN 'active' ELSE 'replaced' END
         WHERE state = ? AND (id = ? OR status = 'active')`,
        { replacements: [importId, state, importId], transaction },
      );
    });
  }

  async refuse(importId: number, summary: ImportSummary, now: Date): Promise<void> {
    await this.recordSummary(importId, summary, now);
    await this.sequelize.query(`UPDATE house_point_imports SET status = 'refused' WHERE id = ?`, {
      replacements: [importId],
    });
  }

  private async recordSummary(
    importId: number,
    summary: ImportSummary,
    now: Date,
    transaction?: Transaction,
  ): Promise<void> {
    const [maxId] = await this.sequelize.query<{ maxId: number | null }>(
      'SELECT MAX(id) AS maxId FROM house_points',
      { type: QueryTypes.SELECT, transaction },
    );
    await this.sequelize.query(
      `UPDATE house_point_imports SET rows_read = ?, rows_kept = ?, left_out = ?, data_date = ?,
       data_date_source = ?, last_point_id = ?, imported_at = ? WHERE id = ?`,
      {
        replacements: [
          summary.rowsRead,
          summary.rowsKept,
          JSON.stringify(summary.leftOut),
          summary.dataDate,
          summary.dataDateSource,
          Number(maxId?.maxId ?? 0),
          now,
          importId,
        ],
        transaction,
      },
    );
  }

  /**
   * Imports whose points are no longer needed and still there: replaced,
   * refused, or left loading by a crash (a purge clears `first_point_id`).
   */
  async disposable(state: string): Promise<ImportRecord[]> {
    return this.selectImports(
      `WHERE state = ? AND status <> 'active' AND first_point_id IS NOT NULL`,
      [state],
    );
  }

  /**
   * One address given several points in an import (same place, locality,
   * street, number and suffix, whatever their ids): the rows beyond each
   * address's first, and the address with the most points when more than
   * `crowd` of them lie within `withinDeg` degrees of each other. Only the
   * addresses `named` can have more than `crowd` points (CrowdedAddresses);
   * where the names are incomplete, every address is grouped.
   */
  async addressRepeats(
    importId: number,
    named: { addresses: readonly AddressKey[]; complete: boolean },
    crowd: number,
    withinDeg: { lat: number; lon: number },
  ): Promise<AddressRepeats> {
    // MariaDB counts distinct addresses in memory several times faster than it
    // groups millions of them in a temporary table; SQLite sorts either way, and groups faster.
    const [extra] = await this.sequelize.query<{ extra: number | string | null }>(
      this.sequelize.getDialect() === 'sqlite'
        ? `SELECT SUM(n - 1) AS extra FROM (SELECT COUNT(*) AS n FROM house_points
           WHERE import_id = ? GROUP BY ${ADDRESS} HAVING COUNT(*) > 1) repeated`
        : `SELECT COUNT(*) - COUNT(DISTINCT place_key, COALESCE(locality_key, ''), street_key,
           number, suffix) AS extra FROM house_points WHERE import_id = ?`,
      { replacements: [importId], type: QueryTypes.SELECT },
    );
    const crowded = named.complete
      ? await this.mostCrowded(importId, named.addresses, crowd, withinDeg)
      : await this.crowdedAmong(importId, '', [], crowd, withinDeg);
    return {
      extraRows: Number(extra?.extra ?? 0),
      ...(crowded && { crowded: { ...crowded, points: Number(crowded.points) } }),
    };
  }

  /** The most crowded of these addresses, read by the match index a chunk at a time. */
  private async mostCrowded(
    importId: number,
    addresses: readonly AddressKey[],
    crowd: number,
    withinDeg: { lat: number; lon: number },
  ): Promise<CrowdedAddress | undefined> {
    let most: CrowdedAddress | undefined;
    for (let i = 0; i < addresses.length; i += CROWD_CHUNK) {
      const chunk = addresses.slice(i, i + CROWD_CHUNK);
      const found = await this.crowdedAmong(
        importId,
        `AND (${chunk.map(() => '(street_key = ? AND number = ? AND place_key = ?)').join(' OR ')})`,
        chunk.flatMap((a) => [a.streetKey, a.number, a.placeKey]),
        crowd,
        withinDeg,
      );
      if (found && Number(found.points) > Number(most?.points ?? 0)) most = found;
    }
    return most;
  }

  private async crowdedAmong(
    importId: number,
    where: string,
    replacements: unknown[],
    crowd: number,
    withinDeg: { lat: number; lon: number },
  ): Promise<CrowdedAddress | undefined> {
    const [crowded] = await this.sequelize.query<CrowdedAddress>(
      `SELECT MIN(municipality) AS municipality, MIN(street) AS street,
       MIN(house_number) AS houseNumber, COUNT(*) AS points FROM house_points
       WHERE import_id = ? ${where} GROUP BY ${ADDRESS}
       HAVING COUNT(*) > ? AND MAX(lat) - MIN(lat) <= ? AND MAX(lon) - MIN(lon) <= ?
       ORDER BY points DESC LIMIT 1`,
      {
        replacements: [importId, ...replacements, crowd, withinDeg.lat, withinDeg.lon],
        type: QueryTypes.SELECT,
      },
    );
    return crowded;
  }

  /** Deletes the points and streets of an import in chunks, so other writers get their turn. */
  async purge(record: ImportRecord): Promise<void> {
    const first = record.firstPointId ?? 1;
    const [maxId] = await this.sequelize.query<{ maxId: number | null }>(
      'SELECT MAX(id) AS maxId FROM house_points',
      { type: QueryTypes.SELECT },
    );
    const last = record.lastPointId ?? Number(maxId?.maxId ?? 0);
    for (let from = first; from <= last; from += DELETE_CHUNK) {
      await this.sequelize.query(
        'DELETE FROM house_points WHERE id >= ? AND id < ? AND import_id = ?',
        { replacements: [from, from + DELETE_CHUNK, record.id] },
      );
    }
    for (const table of ['house_streets', 'house_localities']) {
      await this.sequelize.query(`DELETE FROM ${table} WHERE import_id = ?`, {
        replacements: [record.id],
      });
    }
    await this.sequelize.query(
      `UPDATE house_point_imports SET first_point_id = NULL, last_point_id = NULL,
       status = CASE WHEN status = 'loading' THEN 'refused' ELSE status END WHERE id = ?`,
      { replacements: [record.id] },
    );
  }

  async activeImports(): Promise<ImportRecord[]> {
    return this.selectImports(`WHERE status = 'active' ORDER BY state`, []);
  }

  async activeImport(state: string): Promise<ImportRecord | undefined> {
    const [record] = await this.selectImports(`WHERE state = ? AND status = 'active'`, [state]);
    return record;
  }

  private async selectImports(where: string, replacements: unknown[]): Promise<ImportRecord[]> {
    const rows = await this.sequelize.query<Record<string, unknown>>(
      `SELECT * FROM house_point_imports ${where}`,
      { replacements, type: QueryTypes.SELECT },
    );
    return rows.map(toImportRecord);
  }

  /** Active points at this street and number in one of the places (or a place they begin, placesBegun), of the given states (DE-NW). */
  async pointsInPlaces(
    streetKey: string,
    number: number,
    placeKeys: readonly string[],
    states: readonly string[],
  ): Promise<MatchedPoint[]> {
    if (placeKeys.length === 0 || states.length === 0) return [];
    const places = placesBegun('p.place_key', placeKeys);
    return readRows<MatchedPoint>(
      this.sequelize,
      `${MATCH_SELECT} WHERE p.street_key = ? AND p.number = ? AND ${places.sql}
       AND i.state IN (${marks(states)})`,
      [streetKey, number, ...places.values, ...states],
    );
  }

  /** Active points at this street and number whose Ortsteil is one of these, of the given states. */
  async pointsInLocalities(
    streetKey: string,
    number: number,
    localityKeys: readonly string[],
    states: readonly string[],
  ): Promise<MatchedPoint[]> {
    if (localityKeys.length === 0 || states.length === 0) return [];
    return readRows<MatchedPoint>(
      this.sequelize,
      `${MATCH_SELECT} WHERE p.street_key = ? AND p.number = ?
       AND p.locality_key IN (${marks(localityKeys)}) AND i.state IN (${marks(states)})`,
      [streetKey, number, ...localityKeys, ...states],
    );
  }

  /**
   * Active points at this street and number of the given states inside the
   * box, at most `limit` (a caller that gets `limit` rows may have missed some).
   */
  async pointsInBox(
    streetKey: string,
    number: number,
    states: readonly string[],
    box: Box,
    limit: number,
  ): Promise<MatchedPoint[]> {
    if (states.length === 0) return [];
    return readRows<MatchedPoint>(
      this.sequelize,
      `${MATCH_SELECT} WHERE p.street_key = ? AND p.number = ? AND i.state IN (${marks(states)})
       AND p.lat BETWEEN ? AND ? AND p.lon BETWEEN ? AND ? LIMIT ${Math.trunc(limit)}`,
      [streetKey, number, ...states, box.south, box.north, box.west, box.east],
    );
  }

  /** The states with an active import ("DE-HE", …): one row per import, so a short read. */
  async activeStates(): Promise<Set<string>> {
    const rows = await this.sequelize.query<{ state: string }>(
      "SELECT DISTINCT state FROM house_point_imports WHERE status = 'active'",
      { type: QueryTypes.SELECT },
    );
    return new Set(rows.map((row) => row.state));
  }

  /** Which of these places are municipalities of the active imports of the given states. */
  async placesKnown(placeKeys: readonly string[], states: readonly string[]): Promise<Set<string>> {
    if (placeKeys.length === 0 || states.length === 0) return new Set();
    const rows = await this.sequelize.query<{ placeKey: string }>(
      `SELECT DISTINCT s.place_key AS placeKey
       FROM house_streets s JOIN house_point_imports i ON i.id = s.import_id AND i.status = 'active'
       WHERE s.place_key IN (${marks(placeKeys)}) AND i.state IN (${marks(states)})`,
      { replacements: [...placeKeys, ...states], type: QueryTypes.SELECT },
    );
    return new Set(rows.map((row) => row.placeKey));
  }

  /** The streets of the active imports of the given states in these places (or places they begin). */
  async streetsIn(placeKeys: readonly string[], states: readonly string[]): Promise<StreetName[]> {
    if (placeKeys.length === 0 || states.length === 0) return [];
    const places = placesBegun('s.place_key', placeKeys);
    return this.sequelize.query<StreetName>(
      `SELECT s.place_key AS placeKey, s.street_key AS streetKey, s.street AS street
       FROM house_streets s JOIN house_point_imports i ON i.id = s.import_id AND i.status = 'active'
       WHERE ${places.sql} AND i.state IN (${marks(states)})`,
      { replacements: [...places.values, ...states], type: QueryTypes.SELECT },
    );
  }
}

/** A box in degrees. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

const marks = (values: readonly unknown[]) => values.map(() => '?').join(',');

/** The keys' length in the tables (KEY in migration 040). */
const KEY_LENGTH = 96;
/** A shorter key is read as itself only: "Au" would begin hundreds of places. */
export const MIN_PLACE_PREFIX = 4;

/**
 * Places by their key or any key it begins: a typed "Cottbus" reads the file's
 * Cottbus/Chóśebuz, "Bad Homburg" its Bad Homburg v.d.Höhe (the matcher's
 * candidate check decides which of them the typed place names). Keys are
 * lower-case letters and digits, so the keys beginning with k are those from
 * k to k filled up with 'z', in SQLite's and MariaDB's order alike, and the
 * match index (street, number, place) reads them as a range.
 */
function placesBegun(column: string, keys: readonly string[]): { sql: string; values: string[] } {
  const begun = (key: string) => key.length >= MIN_PLACE_PREFIX;
  const sql = keys.map((key) =>
    begun(key) ? `(${column} >= ? AND ${column} <= ?)` : `${column} = ?`,
  );
  const values = keys.flatMap((key) => (begun(key) ? [key, key.padEnd(KEY_LENGTH, 'z')] : [key]));
  return { sql: `(${sql.join(' OR ')})`, values };
}

function originColumns(origin: DownloadOrigin | undefined): (string | null)[] {
  return [origin?.url ?? null, origin?.etag ?? null, origin?.lastModified ?? null];
}

function toImportRecord(row: Record<string, unknown>): ImportRecord {
  const optionalNumber = (value: unknown) => (value === null ? null : Number(value));
  const optionalText = (value: unknown) => (value === null ? undefined : String(value));
  const url = optionalText(row.source_url);
  const etag = optionalText(row.etag);
  const lastModified = optionalText(row.last_modified);
  return {
    id: Number(row.id),
    state: String(row.state),
    status: row.status as ImportStatus,
    fileName: String(row.file_name),
    sha256: String(row.sha256),
    format: String(row.format),
    rowsRead: Number(row.rows_read),
    rowsKept: Number(row.rows_kept),
    leftOut:
      typeof row.left_out === 'string' ? (JSON.parse(row.left_out) as Record<string, number>) : {},
    dataDate: row.data_date === null ? null : String(row.data_date),
    dataDateSource: (row.data_date_source ?? null) as DataDateSource | null,
    ...(url !== undefined && {
      origin: {
        url,
        ...(etag !== undefined && { etag }),
        ...(lastModified !== undefined && { lastModified }),
      },
    }),
    firstPointId: optionalNumber(row.first_point_id),
    lastPointId: optionalNumber(row.last_point_id),
    startedAt: new Date(row.started_at as string),
    importedAt: row.imported_at === null ? null : new Date(row.imported_at as string),
  };
}
