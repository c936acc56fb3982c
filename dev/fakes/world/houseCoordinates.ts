// The demo's own house coordinates: each demo address of a state that
// publishes open house coordinates, written in that state's kind of file
// (NW's GEBREF, HK-DE with header elsewhere), so `npm run demo` locates them
// by official points and shows the credit a dl-de/by state asks for.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressSources } from '#server/geocoding/officialPoints/addressSources.js';
import { gebrefLine, hkDeFile, type SamplePoint } from '../houseCoordinateFiles.js';
import { STATE_ADDRESSES } from './stateAddresses.js';

export interface DemoHouseFile {
  state: string;
  file: string;
}

export function writeDemoHouseFiles(dir: string, sources: AddressSources): DemoHouseFile[] {
  const files: DemoHouseFile[] = [];
  for (const { state, name, place } of STATE_ADDRESSES) {
    const source = sources.find(state);
    if (!source?.import || place.houseNumber === undefined) continue;
    const point: SamplePoint = {
      stateKey: source.stateKey,
      stateName: name,
      municipality: place.city ?? name,
      street: place.road ?? '',
      number: place.houseNumber,
      postcode: source.postcodes ? place.postcode : undefined,
      postalPlace: source.postcodes ? place.city : undefined,
      lat: place.lat,
      lon: place.lon,
      crs: source.crs === 'EPSG:25833' ? 'EPSG:25833' : 'EPSG:25832',
    };
    const file = join(dir, `hauskoordinaten-${state}.txt`);
    writeFileSync(
      file,
      source.format === 'gebref' ? `${gebrefLine(point, 1)}\n` : hkDeFile([point]),
    );
    files.push({ state, file });
  }
  return files;
}
