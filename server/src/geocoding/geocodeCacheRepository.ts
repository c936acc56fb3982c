// Geocoding results per normalised address (kept apart from land values): the
// place, or none where the geocoder found nothing, which is remembered as long.
import { createHash } from 'node:crypto';
import type { Sequelize } from 'sequelize';
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

export class GeocodeCacheRepository {
  private readonly rows;

  constructor(sequelize: Sequelize) {
    this.rows = defineGeocodeCacheModel(sequelize);
  }

  async find(address: Pick<TypedAddress, 'normal'>): Promise<CachedPlace | undefined> {
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
