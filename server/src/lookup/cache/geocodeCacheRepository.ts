// Geocoding results per normalised address (kept apart from land values): the
// place, or none where the geocoder found nothing, which is remembered as long.
import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { GeocodedPlace } from '../geocoder/geocoder.js';
import { defineGeocodeCacheModel } from './cacheModels.js';

export interface CachedPlace {
  /** null: the geocoder did not find the address. */
  place: GeocodedPlace | null;
  fetchedAt: Date;
}

/**
 * Case, surrounding and repeated spaces and Unicode form do not change an address.
 * toLowerCase() is German lower-casing: Unicode has language-specific rules only
 * for Turkish, Azeri and Lithuanian, and toLocaleLowerCase('de') resolves the
 * locale on every call (a few microseconds, twice per lookup).
 */
export function normaliseAddress(address: string): string {
  return address.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function addressKey(address: string): string {
  return createHash('sha256').update(normaliseAddress(address)).digest('hex');
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
  async find(address: string): Promise<CachedPlace | undefined> {
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

  async save(address: string, place: GeocodedPlace | null, fetchedAt: Date): Promise<void> {
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
