// The newest year a state with one service per data year (HE, BE, NI, HB, RP)
// has published: the capabilities of the clock's year, then of each year
// before, until one answers. A year not yet published answers 404; any other
// failure is an outage and ends the read (an older year must not pass for the
// newest because the service stumbled).
import { wfsFeatureTypeNames } from '../ogc/capabilities.js';
import { wmsLayers } from '../ogc/wmsCapabilities.js';
import { YEAR_PLACEHOLDER } from '../years/yearEndpoint.js';
import type { Upstream } from '../../upstream/upstream.js';
import { isUpstreamOutage } from '../../upstream/upstreamOutage.js';

/** How far back a service without a first year (`history.since`) is searched. */
const YEARS_BACK = 10;

export interface YearServices {
  /** The address with "{year}". */
  template: string;
  service: 'WFS' | 'WMS';
  /** The WMS version the state's service speaks (its options.version). */
  version: string;
  /** The first data year, if known. */
  since: number | undefined;
}

/** YYYY-01-01 of the newest published year; undefined when none answers. */
export async function newestYearOffered(
  upstream: Upstream,
  services: YearServices,
  thisYear: number,
): Promise<string | undefined> {
  const first = services.since ?? thisYear - YEARS_BACK;
  for (let year = thisYear; year >= first; year -= 1) {
    const url = services.template.replaceAll(YEAR_PLACEHOLDER, String(year));
    try {
      await (services.service === 'WFS'
        ? wfsFeatureTypeNames(upstream, url)
        : wmsLayers(upstream, url, services.version));
      return `${year}-01-01`;
    } catch (err) {
      if (!isUpstreamOutage(err) || err.httpStatus !== 404) throw err;
    }
  }
  return undefined;
}
