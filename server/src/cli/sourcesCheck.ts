// Entry point of `npm run sources:check [-- --state DE-NI …] [--json]`: probes
// the sources of BRW_SOURCES_FILE (default: the shipped registry) at known
// points and exits 1 when a connected source fails. With --schema it checks
// the registry against each service's own description instead and exits 1
// on any mismatch or unreadable description.
import { Command } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { STATE_LICENCES } from '../lookup/licences/stateLicences.js';
import { openConfiguredSources } from '../lookup/createLookup.js';
import { checkSchemas, formatSchemaResults } from '../lookup/sources/selfCheck/schemaCheck.js';
import { systemClock } from '../time/clock.js';
import { PROBE_POINTS } from './probePoints.js';
import { formatProbeResults, probeSources } from './sourceProbe.js';

async function main(): Promise<void> {
  const program = new Command('sources:check')
    .description('Probe every connected land-value source at a known point of its state')
    .option('--state <codes...>', 'only these states, e.g. DE-NI DE-HH')
    .option('--json', 'print JSON')
    .option('--schema', 'check types, layers, geometry and fields against the service descriptions')
    .parse(process.argv);
  const options = program.opts<{ state?: string[]; json?: boolean; schema?: boolean }>();
  const config = loadConfig(process.env);
  const logger = createLogger('error');
  const { registry, upstream } = await openConfiguredSources({
    config,
    logger,
    clock: systemClock,
    fetch: globalThis.fetch,
  });
  const states = options.state ?? Object.keys(STATE_LICENCES).sort();
  if (options.schema) {
    const checked = await checkSchemas(registry, states, { upstream, logger, clock: systemClock });
    console.log(options.json ? JSON.stringify(checked, null, 2) : formatSchemaResults(checked));
    if (checked.some((r) => r.status === 'mismatch' || r.status === 'failed')) process.exitCode = 1;
    return;
  }
  const results = await probeSources(registry, PROBE_POINTS, states);
  console.log(options.json ? JSON.stringify(results, null, 2) : formatProbeResults(results));
  if (results.some((r) => r.status === 'failed')) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `error: ${err.message}` : err);
  process.exitCode = 1;
});
