// Geocoding results per normalised address (kept apart from land values): the
// place, or none where the geocoder found nothing, which is remembered as long.
// Table from migrations 010-lookup-caches and 051-failing-lookups. Both
// statements are raw SQL: they are on every geocoded cold lookup, where a
// model's SELECT costs SQLite an extra PRAGMA round trip (Sequelize 6) and a
// model's upsert about a millisecond of the event loop (building and
// validating an instance) while the lookup's next statement waits for it.
import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { TypedAddress } from './typedAddress.js';
import type { GeocodedPlace } from './geocoder/geocoder.js';

export interface CachedPlace {
  /** null: the geocoder did not find the address. */
  place: GeocodedPlace | null;
  fetchedAt: Date;
}

/** The row's key: SHA-256 (hex) of the address's normal form. */
export function addressKey({ normal }: Pick<TypedAddress, 'normal'>): string {
  return createHash('sha256').update(normal).digest('hex');
}

interface GeocodeRow {
  lat: number | null;
  lon: number | null;
  display_name: string | null;
  state: string | null;
  municipality: string | null;
  fetched_at: Date | string;
}

const COLUMNS = ['lat', 'lon', 'display_name', 'state', 'municipality', 'fetched_at'] as const;

/** Insert or replace a row: SQLite's and MariaDB's spelling of one statement. */
function upsertSql(dialect: string): string {
  const insert =
    `INSERT INTO geocode_cache (address_key, ${COLUMNS.join(', ')})` +
    ` VALUES (?, ${COLUMNS.map(() => '?').join(', ')})`;
  return dialect === 'sqlite'
    ? `${insert} ON CONFLICT (address_key) DO UPDATE SET ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`
    : `${insert} ON DUPLICATE KEY UPDATE ${COLUMNS.map((c) => `${c} = VALUES(${c})`).join(', ')}`;
}

export class GeocodeCacheRepository {
  private readonly upsert: string;

  constructor(private readonly sequelize: Sequelize) {
    this.upsert = upsertSql(sequelize.getDialect());
  }

  async find(address: Pick<TypedAddress, 'normal'>): Promise<CachedPlace | undefined> {
    const [row] = await this.sequelize.query<GeocodeRow>(
      'SELECT lat, lon, display_name, state, municipality, fetched_at FROM geocode_cache WHERE address_key = ?',
      { replacements: [addressKey(address)], type: QueryTypes.SELECT },
    );
    if (!row) return undefined;
    const { lat, lon, display_name: displayName } = row;
    const place =
      lat === null || lon === null || displayName === null
        ? null
        : {
            lat,
            lon,
            displayName,
            state: row.state ?? undefined,
            municipality: row.municipality ?? undefined,
          };
    return { place, fetchedAt: new Date(row.fetched_at) };
  }

  async save(
    address: Pick<TypedAddress, 'normal'>,
    place: GeocodedPlace | null,
    fetchedAt: Date,
  ): Promise<void> {
    // fetched_at as Sequelize writes a date on this dialect (on MariaDB to the
    // second: the age of a geocoding answer is counted in days).
    await this.sequelize.query(this.upsert, {
      replacements: [
        addressKey(address),
        place?.lat ?? null,
        place?.lon ?? null,
        place?.displayName ?? null,
        place?.state ?? null,
        place?.municipality ?? null,
        fetchedAt,
      ],
      type: QueryTypes.INSERT,
    });
  }
}
