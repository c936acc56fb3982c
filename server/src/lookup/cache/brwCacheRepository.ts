// The full land-value data set per coordinate, shared by all instances. A
// stale entry is renewed by whichever instance first claims it: the claim is
// one conditional UPDATE, so exactly one renewal runs at a time.
import { Op, QueryTypes, type Sequelize } from 'sequelize';
import type { ZonedEntry } from '../../geo/zoneOutline.js';
import type { LatLon } from '../../geo/latLon.js';
import { defineBrwCacheModel } from './brwCacheModel.js';

export interface CachedBrwValues<Entries = ZonedEntry[]> {
  entries: Entries;
  fetchedAt: Date;
  /** Length of the stored JSON: the measure of the entries' memory once parsed. */
  storedChars: number;
}

/** Six decimals (~0.1 m): the same geocoded point always finds its entry. */
export function coordinateKey(point: LatLon): string {
  return `${point.lat.toFixed(6)},${point.lon.toFixed(6)}`;
}

/** `Entries`: what the rows of one key space hold (zone entries, or a parcel's zones). */
export class BrwCacheRepository<Entries = ZonedEntry[]> {
  private readonly rows;

  constructor(private readonly sequelize: Sequelize) {
    this.rows = defineBrwCacheModel(sequelize);
  }

  /** Raw SQL: a model's SELECT costs SQLite an extra PRAGMA round trip (Sequelize 6) on every lookup. */
  async find(key: string): Promise<CachedBrwValues<Entries> | undefined> {
    const [row] = await this.sequelize.query<{ entries: string; fetched_at: Date | string }>(
      'SELECT entries, fetched_at FROM land_value_cache WHERE coordinate_key = ?',
      { replacements: [key], type: QueryTypes.SELECT },
    );
    if (!row) return undefined;
    return {
      entries: JSON.parse(row.entries) as Entries,
      fetchedAt: new Date(row.fetched_at),
      storedChars: row.entries.length,
    };
  }

  async save(key: string, entries: Entries, fetchedAt: Date): Promise<void> {
    await this.rows.upsert({
      coordinateKey: key,
      entries: JSON.stringify(entries),
      fetchedAt,
      renewalStartedAt: null,
    });
  }

  async remove(key: string): Promise<void> {
    await this.rows.destroy({ where: { coordinateKey: key } });
  }

  /**
   * Claims the renewal of the entry fetched at `fetchedAt`. False when another
   * request (on any instance) holds an unexpired claim or already renewed it.
   */
  async claimRenewal(key: string, fetchedAt: Date, now: Date, leaseMs: number): Promise<boolean> {
    const [affected] = await this.rows.update(
      { renewalStartedAt: now },
      {
        where: {
          coordinateKey: key,
          fetchedAt,
          [Op.or]: [
            { renewalStartedAt: null },
            { renewalStartedAt: { [Op.lt]: new Date(now.getTime() - leaseMs) } },
          ],
        },
      },
    );
    return affected === 1;
  }

  /** Gives a failed renewal back, so the next stale read may try again. */
  async releaseRenewal(key: string): Promise<void> {
    await this.rows.update({ renewalStartedAt: null }, { where: { coordinateKey: key } });
  }
}
