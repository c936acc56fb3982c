// Fills the two lookup caches with many cached coordinates, as if that many
// distinct addresses had been looked up: one geocode row per address and one
// land-value row per coordinate, in multi-row INSERTs of a few thousand rows.
import type { Sequelize } from 'sequelize';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { addressKey } from '#server/geocoding/geocodeCacheRepository.js';
import { coordinateKey } from '#server/lookup/cache/brwCacheRepository.js';

const BATCH = 2000;
/** 1000 × 1000 grid points 0.0001° apart, all in Niedersachsen. */
const GRID = 1000;

/** The letter keeps a five-digit house number from reading as a postcode (postcodeGuard.ts). */
export function cachedAddress(index: number): string {
  return `Cacheallee ${index + 1}a, 30159 Hannover`;
}

function pointOf(index: number) {
  return { lat: 52 + (index % GRID) * 0.0001, lon: 9 + Math.floor(index / GRID) * 0.0001 };
}

/** Adds rows `from` … `to - 1`; `entriesJson` is one real mapped answer. */
export async function seedCachedCoordinates(
  sequelize: Sequelize,
  range: { from: number; to: number },
  entriesJson: string,
  onProgress: (done: number) => void = () => undefined,
): Promise<void> {
  const queries = sequelize.getQueryInterface();
  const fetchedAt = new Date();
  for (let start = range.from; start < range.to; start += BATCH) {
    const end = Math.min(range.to, start + BATCH);
    const places = [];
    const values = [];
    for (let i = start; i < end; i += 1) {
      const point = pointOf(i);
      places.push({
        address_key: addressKey(typedAddress(cachedAddress(i))),
        lat: point.lat,
        lon: point.lon,
        display_name: `Cacheallee ${i + 1}, Hannover, Niedersachsen, 30159, Deutschland`,
        state: 'DE-NI',
        municipality: 'Hannover',
        fetched_at: fetchedAt,
      });
      values.push({
        coordinate_key: coordinateKey(point),
        entries: entriesJson,
        fetched_at: fetchedAt,
      });
    }
    await queries.bulkInsert('geocode_cache', places);
    await queries.bulkInsert('land_value_cache', values);
    onProgress(end - range.from);
  }
}
