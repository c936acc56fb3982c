// `npm run deps` guards the layering only if it can fail: this feeds its
// reporter (scripts/folderGraph.mjs) small cruise results, one per kind of
// breach (an import against the layering, a cycle between subfolders at some
// depth, a cycle between files, a folder missing from the table), and expects
// exit code 1 with the offending imports named; a clean graph passes.
import { describe, expect, it } from 'vitest';
import folderGraphReporter from '../../scripts/folderGraph.mjs';

/** A cruise result from `from -> to` pairs of repository paths. */
function cruised(...imports: [string, string][]) {
  const modules = new Map<string, { resolved: string }[]>();
  for (const [from, to] of imports) {
    modules.set(from, [...(modules.get(from) ?? []), { resolved: to }]);
    if (!modules.has(to)) modules.set(to, []);
  }
  return {
    modules: [...modules].map(([source, dependencies]) => ({ source, dependencies })),
  };
}

/** Imports a clean tree may hold: downward, into shared/src, from tests, into node_modules. */
const CLEAN: [string, string][] = [
  ['server/src/lookup/lookupService.ts', 'server/src/config/config.ts'],
  ['server/src/lookup/lookupService.ts', 'shared/src/errors.ts'],
  ['server/src/sources/wfs/wfsAdapter.ts', 'server/src/sources/ogc/capabilities.ts'],
  ['server/src/sources/ogc/capabilities.ts', 'server/src/sources/xmlTree.ts'],
  ['server/src/sources/wfs/wfsAdapter.ts', 'node_modules/zod/index.js'],
  ['server/src/oauth/store/clientRepository.ts', 'server/src/oauth/clients/clientTypes.ts'],
  ['excel-addin/src/taskpane.ts', 'shared/src/errors.ts'],
  ['test/server/lookup/wfs.test.ts', 'server/src/sources/wfs/wfsAdapter.ts'],
];

function report(...extra: [string, string][]) {
  return folderGraphReporter(cruised(...CLEAN, ...extra));
}

describe('npm run deps', () => {
  it('passes a graph without a breach', () => {
    const { output, exitCode } = report();
    expect(output).toContain('imports against the layering: 0');
    expect(output).toMatch(/subfolder cycles \([^)]*\): 0/);
    expect(output).toContain('file cycles: 0');
    expect(output).toContain('folder cycles: 0');
    expect(exitCode).toBe(0);
  });

  it('fails on a single import against the layering', () => {
    const { output, exitCode } = report([
      'server/src/lookup/callerWhileOpen.ts',
      'server/src/mcp/tools.ts',
    ]);
    expect(output).toContain('imports against the layering: 1');
    expect(output).toContain('  server/src/lookup/callerWhileOpen.ts -> server/src/mcp/tools.ts');
    expect(exitCode).toBe(1);
  });

  it('fails on a part importing what it may not', () => {
    const { output, exitCode } = report(['shared/src/errors.ts', 'server/src/config/config.ts']);
    expect(output).toContain('  shared/src/errors.ts -> server/src/config/config.ts');
    expect(exitCode).toBe(1);
  });

  it('fails on a cycle between two subfolders, naming both directions', () => {
    const { output, exitCode } = report([
      'server/src/oauth/clients/clientService.ts',
      'server/src/oauth/store/clientRepository.ts',
    ]);
    expect(output).toMatch(/subfolder cycles \([^)]*\): 1/);
    expect(output).toContain('  server/src/oauth: clients/ <-> store/\n');
    expect(output).toContain(
      '    server/src/oauth/clients/clientService.ts -> server/src/oauth/store/clientRepository.ts',
    );
    expect(output).toContain(
      '    server/src/oauth/store/clientRepository.ts -> server/src/oauth/clients/clientTypes.ts',
    );
    expect(exitCode).toBe(1);
  });

  it('fails on a subfolder cycle deeper down, and on one through a file of the folder', () => {
    const deep = report([
      'server/src/sources/ogc/capabilities.ts',
      'server/src/sources/wfs/typePlan.ts',
    ]);
    expect(deep.output).toContain('  server/src/sources: ogc/ <-> wfs/\n');
    expect(deep.exitCode).toBe(1);
    const throughFile = report([
      'server/src/sources/xmlTree.ts',
      'server/src/sources/wfs/wfsAdapter.ts',
    ]);
    expect(throughFile.output).toContain('  server/src/sources: ogc/ <-> wfs/ <-> xmlTree.ts\n');
    expect(throughFile.exitCode).toBe(1);
  });

  it('fails on a subfolder cycle in the other parts, the tests and the benchmarks included', () => {
    const shared = report(
      ['shared/src/geo/a.ts', 'shared/src/text/b.ts'],
      ['shared/src/text/b.ts', 'shared/src/geo/c.ts'],
    );
    expect(shared.output).toContain('  shared/src: geo/ <-> text/\n');
    expect(shared.exitCode).toBe(1);
    const tests = report(
      ['test/server/dashboard/pages.test.ts', 'test/server/oauth/support/signedIn.ts'],
      ['test/server/oauth/chromium.test.ts', 'test/server/dashboard/support/chromium.ts'],
    );
    expect(tests.output).toContain('  test/server: dashboard/ <-> oauth/\n');
    expect(tests.exitCode).toBe(1);
    const bench = report(
      ['bench/workbook/a.ts', 'bench/support/b.ts'],
      ['bench/support/b.ts', 'bench/workbook/c.ts'],
    );
    expect(bench.output).toContain('  bench: support/ <-> workbook/\n');
    expect(bench.exitCode).toBe(1);
  });

  it('fails on a cycle between files, and counts it once', () => {
    const { output, exitCode } = report(
      ['server/src/oauth/grants/grantStorage.ts', 'server/src/oauth/grants/oauthServers.ts'],
      ['server/src/oauth/grants/oauthServers.ts', 'server/src/oauth/grants/grantStorage.ts'],
    );
    expect(output).toContain('file cycles: 1');
    expect(output).toContain(
      '  server/src/oauth/grants/grantStorage.ts <-> server/src/oauth/grants/oauthServers.ts\n',
    );
    expect(output).toContain(
      '    server/src/oauth/grants/oauthServers.ts -> server/src/oauth/grants/grantStorage.ts',
    );
    expect(output).toMatch(/subfolder cycles \([^)]*\): 0/);
    expect(exitCode).toBe(1);
  });

  it('fails on a file cycle in the tests too', () => {
    const { output, exitCode } = report(
      ['test/support/a.ts', 'test/support/b.ts'],
      ['test/support/b.ts', 'test/support/a.ts'],
    );
    expect(output).toContain('  test/support/a.ts <-> test/support/b.ts\n');
    expect(exitCode).toBe(1);
  });

  it('fails on a cycle between top folders of server/src', () => {
    const { output, exitCode } = report(
      ['server/src/web/views.ts', 'server/src/oauth/oauthRouter.ts'],
      ['server/src/oauth/oauthRouter.ts', 'server/src/web/views.ts'],
    );
    expect(output).toContain('folder cycles: 1\n  oauth <-> web\n');
    expect(exitCode).toBe(1);
  });

  it('fails on a folder missing from scripts/layers.mjs', () => {
    const { output, exitCode } = report([
      'server/src/newFolder/thing.ts',
      'server/src/config/config.ts',
    ]);
    expect(output).toContain('folder missing from scripts/layers.mjs: newFolder');
    expect(exitCode).toBe(1);
  });
});
