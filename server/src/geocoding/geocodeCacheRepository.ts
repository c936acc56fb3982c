// Geocoding results per normalised address (kept apart from land values): the
// place, or none where the geocoder found nothing, which is remembered as long.
import { createHash } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import type { GeocodedPlace } from './geocoder/geocoder.js';
import { defineGeocodeCacheModel } from './geocodeCacheModel.js';

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

export class GeocodeCacheRepository {
  private readonly rows;

  constructor(sequelize: Sequelize) {
    this.rows = defineGeocodeCacheModel(sequelize);
  }

  async find(address: string): Promise<CachedPlace | undefined> {
    const row = await this.rows.findByPk(addressKey(address));
    if (!row) return undefined;
    const { lat, lon, displayName } = row;
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
    return { place, fetchedAt: row.fetchedAt };
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
