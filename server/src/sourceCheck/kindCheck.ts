// What one kind's self-check (mapSchemaCheck.ts, wfsSchemaCheck.ts) is given
// and gives back. Its own file so the kinds' checks and the loop over the
// states that calls them (schemaCheck.ts) both import it and not each other.
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../time/clock.js';
import type { Upstream } from '../upstream/upstream.js';
import type { Finding } from './findings.js';

export interface SchemaCheckDeps {
  upstream: Upstream;
  logger: Logger;
  clock: Clock;
}

export interface SchemaCheck {
  /** The types or layers that were checked, as the service names them. */
  checked: string[];
  findings: Finding[];
}
