// The one way a state's land-value service is asked, for the lookup, the
// parcel view and the answers of the imported zone sets alike: every request
// waits for the caller's slot and the state's place (the two gates), a date
// before the source's history asks nothing, the records become entries by
// one mapping whose left-out records are logged, and an outage of the
// service becomes 503 service_error. Built once per context, shared.
import { AppError, ErrorCode } from '#shared/errors.js';
import type { ZonedEntry } from '../geo/zoneOutline.js';
import type { LatLon } from '../geo/latLon.js';
import type { MetricBox } from '../geo/metricBox.js';
import type { Logger } from '../logging/logger.js';
import type { CallerGate } from '../scheduling/callerGate.js';
import type { SourceGate } from '../scheduling/sourceGate.js';
import type { WorkTicket } from '../scheduling/workTicket.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { ZoneRecord } from './adapter.js';
import { isBeforeHistory } from './history/datedLookup.js';
import { mapNewestEntries, type MappingContext } from './mapping/entryMapper.js';
import type { NumberFormat } from './numberFormat.js';
import type { StateSource } from './registry.js';
import type { ConfiguredSource } from './sourceDefinition.js';

/** A state whose registry entry names a service (with its adapter). */
export type ConnectedSource = Extract<StateSource, { status: 'configured' }>;

/** The day whose values are wanted and where a record without a municipality lies. */
export interface DayAsked {
  /** YYYY-MM-DD: the stichtag asked, else today. */
  asOf: string;
  /** The geocoder's municipality (asked by address), used only when the source names none. */
  fallbackGemeinde: string | undefined;
}

export interface SourceService {
  /** The entries at the point (the newest per zone), with the stichtag asked if any. */
  entriesAt(
    connected: ConnectedSource,
    point: LatLon,
    ticket: WorkTicket,
    day: DayAsked & { stichtag: string | undefined },
  ): Promise<ZonedEntry[]>;
  /**
   * The zone records in the metric box, where the adapter returns polygons
   * (`adapter.zonesIn`); all stichtage, mapped by the caller with `mappingContext`.
   */
  zonesIn(
    connected: ConnectedSource,
    box: MetricBox,
    ticket: WorkTicket,
    stichtag: string | undefined,
  ): Promise<ZoneRecord[]>;
  /** How a state's records become entries on the day, what is left out logged. */
  mappingContext(state: string, numberFormat: NumberFormat, day: DayAsked): MappingContext;
  /** An outage of the state's service as 503 service_error (logged); anything else as it is. */
  outage(err: unknown, source: Pick<ConfiguredSource, 'state' | 'name'>): unknown;
}

export function createSourceService(deps: {
  /** Bounds the upstream work of each caller (account, IP). */
  gate: CallerGate;
  /** Bounds the concurrent requests per state service. */
  sourceGate: SourceGate;
  logger: Logger;
}): SourceService {
  const { gate, sourceGate, logger } = deps;

  function outage(err: unknown, source: Pick<ConfiguredSource, 'state' | 'name'>): unknown {
    if (!isUpstreamOutage(err)) return err;
    logger.warn({ state: source.state, reason: err.reason, err }, 'land-value source unavailable');
    return new AppError(
      ErrorCode.serviceError,
      `Die amtliche Bodenrichtwert-Quelle für ${source.name} ist vorübergehend nicht erreichbar. ` +
        'Bitte später erneut versuchen.',
      { cause: err },
    );
  }

  /** The request under both gates; before the earliest stichtag the source offers, nothing is asked. */
  async function asked<T>(
    source: ConfiguredSource,
    ticket: WorkTicket,
    stichtag: string | undefined,
    work: () => Promise<T[]>,
  ): Promise<T[]> {
    if (isBeforeHistory(stichtag, source)) return [];
    try {
      return await gate.run(ticket, () => sourceGate(source.state, ticket, work));
    } catch (err) {
      throw outage(err, source);
    }
  }

  const mappingContext = (state: string, numberFormat: NumberFormat, day: DayAsked) =>
    entryMappingContext(state, numberFormat, day, logger);

  return {
    async entriesAt({ source, adapter, numberFormat }, point, ticket, day) {
      const records = await asked(source, ticket, day.stichtag, () =>
        adapter.recordsAt(point, day.stichtag),
      );
      return mapNewestEntries(records, mappingContext(source.state, numberFormat, day));
    },
    async zonesIn({ source, adapter }, box, ticket, stichtag) {
      const { zonesIn } = adapter;
      if (!zonesIn) throw new Error(`${source.state}: the service returns no zone polygons`);
      return asked(source, ticket, stichtag, () => zonesIn(box, stichtag));
    },
    mappingContext,
    outage,
  };
}

/** How a state's records become entries on the day, what is left out logged. */
export function entryMappingContext(
  state: string,
  numberFormat: NumberFormat,
  { asOf, fallbackGemeinde }: DayAsked,
  logger: Logger,
): MappingContext {
  return {
    fallbackGemeinde,
    today: asOf,
    numberFormat,
    onSkipped: (skipped) => logger.warn({ state, ...skipped }, 'source record left out'),
    onUnreadable: (value) => logger.warn({ state, ...value }, 'published value left out'),
  };
}
