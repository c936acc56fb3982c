// What an install and a deployment run (issue 20): the telemetry install
// script of @scarf/scarf (pulled in by swagger-ui-dist) reports nothing, also
// under an npm that ignores `allowScripts`; the service and the operator
// commands of `npm start`'s deployment (`npm run admin`, `npm run
// sources:check`) run the compiled JavaScript and need only production
// dependencies, so tsx and esbuild are development dependencies.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readJson = (file: string) =>
  JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, unknown>;
const pkg = readJson('package.json') as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const lock = readJson('package-lock.json') as { packages: Record<string, { dev?: boolean }> };

describe('the install script of @scarf/scarf', () => {
  it('reports nothing: the project opts out in package.json', async () => {
    let reports = 0;
    const collector = createServer((_req, res) => {
      reports += 1;
      res.end();
    });
    // Scarf sends to "localhost"; listening on that name binds the address it resolves to.
    await new Promise<void>((resolve) => collector.listen(0, 'localhost', resolve));
    // Without the opt-outs a developer or CI may have set in the environment.
    const OPT_OUTS = new Set(['SCARF_ANALYTICS', 'SCARF_NO_ANALYTICS', 'DO_NOT_TRACK']);
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !OPT_OUTS.has(name))),
      INIT_CWD: ROOT,
      // Scarf's own switch for a local collector: its reports go to loopback, never out.
      SCARF_LOCAL_PORT: String((collector.address() as AddressInfo).port),
      SCARF_VERBOSE: 'true',
      npm_execpath: 'npm',
    };
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [join(ROOT, 'node_modules/@scarf/scarf/report.js')],
        { cwd: ROOT, env, timeout: 30_000 },
      );
      expect(`${stdout}${stderr}`).toMatch(/opted out/);
      expect(reports).toBe(0);
    } finally {
      collector.close();
    }
  });
});

/** Source files of the compiled service, without the development tools. */
function productionSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const rel = relative(ROOT, path);
      const devOnly = ['server/src/devtools'];
      return devOnly.includes(rel) ? [] : productionSources(path);
    }
    return path.endsWith('.ts') ? [path] : [];
  });
}

function packageOf(specifier: string): string | undefined {
  // '#shared/…' is the package.json imports map: our own code, not a package.
  if (/^(\.|node:|#)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

describe('the deployment of npm start', () => {
  it('runs npm run admin and npm run sources:check from the compiled build', () => {
    expect(pkg.scripts.admin).toBe('node dist/server/src/cli/admin.js');
    expect(pkg.scripts['sources:check']).toBe('node dist/server/src/cli/sourcesCheck.js');
    for (const script of ['start', 'admin', 'sources:check']) {
      expect(pkg.scripts[script], script).not.toMatch(/\btsx\b/);
    }
  });

  it('imports only production dependencies, so tsx and esbuild are development ones', () => {
    const imported = new Set<string>();
    for (const file of [
      ...productionSources(join(ROOT, 'server/src')),
      ...productionSources(join(ROOT, 'shared/src')),
    ]) {
      const text = readFileSync(file, 'utf8');
      // A keyword, not a string that happens to read 'import' (an XSD element name).
      for (const match of text.matchAll(/(?<![\w'])(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const name = packageOf(match[1] ?? '');
        if (name) imported.add(name);
      }
    }
    const missing = [...imported].filter((name) => !(name in pkg.dependencies));
    expect(missing).toEqual([]);
    for (const devOnly of ['tsx', 'esbuild']) {
      expect(pkg.dependencies).not.toHaveProperty(devOnly);
      expect(lock.packages[`node_modules/${devOnly}`]?.dev, devOnly).toBe(true);
    }
  });
});
