// `npm run deps`: cruises the sources with dependency-cruiser (options in
// .dependency-cruiser.cjs) and prints the folder graph (scripts/folderGraph.mjs);
// exits 1 on an import against the layering or a cycle (folders at any depth, files).
import process from 'node:process';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import folderGraphReporter from './folderGraph.mjs';

const SOURCES = [
  'dev',
  'server/src',
  'shared/src',
  'excel-addin/src',
  'sheets-addon/src',
  'test',
  'bench',
];

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const tsConfig = extractTSConfig(options.tsConfig.fileName);
const { output: result } = await cruise(
  SOURCES,
  { ...options, outputType: 'json' },
  {},
  { tsConfig },
);
const report = folderGraphReporter(typeof result === 'string' ? JSON.parse(result) : result);
process.stdout.write(report.output);
process.exitCode = report.exitCode;
