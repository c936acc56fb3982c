// Entry point of `npm run sources:check [-- --state DE-NI …] [--json] [--facts]`: probes
// the sources of BRW_SOURCES_FILE (default: the shipped registry) at known
// points and exits 1 when a connected source fails. --schema checks the
// registry against each service's own description instead (exit 1 on any
// mismatch or unreadable description); --record DIR saves one real answer
// per state with the requests behind it (exit 1 when a state cannot be
// recorded). --facts lists per state every fact the registry marks unverified
// or single-source with the probe that settles it, runs the probes (--offline:
// only lists them) and exits 0: open facts are work, not a failure.
// --conversion says per state whether its WFS fills the BRM conversion-table
// types (exit 1 only when a service failed). See
// docs/sources.md "Checking the sources".
import { Command } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { openConfiguredSources } from '../lookup/createLookup.js';
import { DEFAULT_SOURCES_FILE } from '../sources/registry.js';
import { recordAnswers } from '../sourceCheck/recordAnswers.js';
import { checkOpenFacts, formatOpenFacts } from '../sourceCheck/openFacts.js';
import { checkSchemas, formatSchemaResults } from '../sourceCheck/schemaCheck.js';
import { checkConversionTables, formatConversionResults } from '../sourceCheck/conversionTables.js';
import { systemClock } from '../time/clock.js';
import { PROBE_POINTS, SHIPPED_STATES } from '../sources/shippedRegistry.js';
import { formatProbeResults, probeSources } from './sourceProbe.js';

interface Options {
  state?: string[];
  json?: boolean;
  schema?: boolean;
  record?: string;
  facts?: boolean;
  offline?: boolean;
  conversion?: boolean;
}

async function main(): Promise<void> {
  const program = new Command('sources:check')
    .description('Probe every connected land-value source at a known point of its state')
    .option('--state <codes...>', 'only these states, e.g. DE-NI DE-HH')
    .option('--json', 'print JSON')
    .option('--schema', 'check types, layers, geometry and fields against the service descriptions')
    .option('--record <dir>', 'save one answer per state with its requests into <dir>')
    .option('--facts', 'list every unverified or single-source fact with its probe and result')
    .option('--offline', 'with --facts: list the probes without running them')
    .option('--conversion', 'whether each WFS fills the BRM conversion-table types')
    .parse(process.argv);
  const options = program.opts<Options>();
  const config = loadConfig(process.env);
  const logger = createLogger('error');
  const deps = { config, logger, clock: systemClock, fetch: globalThis.fetch };
  const { registry, upstream } = await openConfiguredSources(deps);
  const states = options.state ?? SHIPPED_STATES;
  const print = (results: unknown, text: string) =>
    console.log(options.json ? JSON.stringify(results, null, 2) : text);

  if (options.conversion) {
    const checked = await checkConversionTables(registry, states, {
      upstream,
      clock: systemClock,
    });
    print(checked, formatConversionResults(checked));
    if (checked.some((r) => r.status === 'failed')) process.exitCode = 1;
  } else if (options.facts) {
    const open = await checkOpenFacts(registry, PROBE_POINTS, states, {
      upstream,
      clock: systemClock,
      probe: !options.offline,
    });
    print(open, formatOpenFacts(open));
  } else if (options.record !== undefined) {
    const registryFile = config.sourcesFile ?? DEFAULT_SOURCES_FILE;
    const recorded = await recordAnswers(options.record, states, PROBE_POINTS, {
      registryFile,
      upstream,
      logger,
      clock: systemClock,
    });
    print(
      recorded,
      recorded.map((r) => `${r.state}  ${r.status.padEnd(13)} ${r.detail}`).join('\n'),
    );
    if (recorded.some((r) => r.status === 'failed')) process.exitCode = 1;
  } else if (options.schema) {
    const checked = await checkSchemas(registry, states, { upstream, logger, clock: systemClock });
    print(checked, formatSchemaResults(checked));
    if (checked.some((r) => r.status === 'mismatch' || r.status === 'failed')) process.exitCode = 1;
  } else {
    const probed = await probeSources(
      registry,
      PROBE_POINTS,
      states,
      () => performance.now(),
      systemClock,
      upstream,
    );
    print(probed, formatProbeResults(probed));
    if (probed.some((r) => r.status === 'failed')) process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `error: ${err.message}` : err);
  process.exitCode = 1;
});
