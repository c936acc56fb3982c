// Geocoding results per normalised address (kept apart from land values): the
// place, or none where the geocoder found nothing, which is remembered as long.
import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { TypedAddress } from './typedAddress.js';
import type { GeocodedPlace } from './geocoder/geocoder.js';
import { defineGeocodeCacheModel } from './geocodeCacheModel.js';

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

export class GeocodeCacheRepository {
  private readonly rows;

  constructor(private readonly sequelize: Sequelize) {
    this.rows = defineGeocodeCacheModel(sequelize);
  }

  /** Raw SQL: a model's SELECT costs SQLite an extra PRAGMA round trip (Sequelize 6) on every cold lookup. */
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
    await this.rows.upsert({
      addressKey: addressKey(address),
      lat: place?.lat ?? null,
      lon: place?.lon ?? null,
      displayName: place?.displayName ?? null,
      state: place?.state ?? null,
      municipality: place?.municipality ?? null,
      fetchedAt,
    });
  }
}
