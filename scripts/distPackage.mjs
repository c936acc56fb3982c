// Writes dist/package.json after `tsc -b server/tsconfig.build.json`: the
// compiled files resolve `#shared/*` through the package.json nearest to them,
// so dist/ gets the root's module type and imports map, whose targets
// (./shared/src/*) then point at the compiled shared code in dist/shared/src.
import { readFileSync, writeFileSync } from 'node:fs';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
// Only #shared/* is used inside the compiled service; #server/* and #dev/* are
// for tests, benchmarks and dev/.
const dist = {
  private: true,
  type: root.type,
  imports: { '#shared/*': root.imports['#shared/*'] },
};
writeFileSync('dist/package.json', `${JSON.stringify(dist, null, 2)}\n`);
