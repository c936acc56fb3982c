// Which official map shows a source's zones: the map its registry entry names,
// at its own URL or, without one, at the land-value service's URL. Read by the
// lookup page and the parcel view alike.
import type { ConfiguredSource } from '../sourceDefinition.js';
import type { OfficialMapRequest } from './officialMap.js';

export function officialMapSource(source: ConfiguredSource): OfficialMapRequest['source'] {
  const { state, owners, map, options } = source;
  // The map service is the land-value service itself unless the registry names another.
  const serviceUrl = (options as { url?: unknown }).url;
  const url = map?.url ?? (typeof serviceUrl === 'string' ? serviceUrl : undefined);
  return { state, owners, map: map && url !== undefined ? { ...map, url } : undefined };
}
