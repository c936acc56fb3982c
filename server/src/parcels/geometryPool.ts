// The threads the parcel geometry runs on (Piscina), beyond a few hundred
// vertices (INLINE_VERTICES): started when a parcel needs them and ended
// after IDLE_MS without work, so an idle service holds none; at most one
// fewer than the machine's cores, so the event loop keeps one. A task longer than TASK_MS ends its thread. Under tsx (tests,
// development) the worker is TypeScript and its threads load tsx; the
// compiled service (`npm start`) runs the compiled worker beside this file.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { GridSample } from '../geo/gridSample.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import { OVER_BUDGET_TEXT, vertexCount } from '../geo/vertexBudget.js';
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import type { ParcelPicker, ParcelPickInput } from '../cadastre/parcelPick.js';
import { nestedRings, toFlat, type FlatRings } from '../geo/flatPolygon.js';
import { toGeoJsonMultiPolygon } from '../geo/metricGeoJson.js';
import type { GeoJsonMultiPolygon } from '#shared/parcelTypes.js';
import {
  flatShares,
  runTask,
  type SharesInput,
  type SharesOutput,
  type TaskName,
  type TaskOutcome,
} from './geometryTasks.js';

export interface GeometryPool {
  parcelShares(input: SharesInput, signal?: AbortSignal): Promise<SharesOutput>;
  parcelGridSample(
    parcel: MetricMultiPolygon,
    signal?: AbortSignal,
  ): Promise<GridSample | undefined>;
  /** The answer's GeoJSON of an outline (WGS84), projected on a thread when large. */
  geoJson(polygon: MetricMultiPolygon, signal?: AbortSignal): Promise<GeoJsonMultiPolygon>;
  /** A cadastre answer read and its parcel picked (parcelPick.ts). */
  pickParcel: ParcelPicker;
  close(): Promise<void>;
}

const IDLE_MS = 30_000;
/** Far above the budget's cost (a second or two), far below a client's patience. */
export const TASK_MS = 30_000;
/** Tasks waiting for a thread beyond the ones running; more are refused (503). */
const MAX_QUEUE = 32;
/** A thread's heap: a geometry over the budget is refused before it could need more. */
const THREAD_HEAP_MB = 96;

const BUSY = 'Die Flächenberechnung ist gerade ausgelastet. Bitte später erneut versuchen.';

function workerOptions(): { filename: string; execArgv?: string[] } {
  const typescript = import.meta.url.endsWith('.ts');
  const filename = new URL(`./geometryWorker.${typescript ? 'ts' : 'js'}`, import.meta.url).href;
  if (!typescript || process.execArgv.join(' ').includes('tsx')) return { filename };
  return { filename, execArgv: [...process.execArgv, '--import=tsx'] };
}

/**
 * Geometry this small is computed on the event loop at once (a few
 * milliseconds): the common parcel of a few dozen vertices keeps its speed
 * and never waits for a thread to start.
 */
export const INLINE_VERTICES = 300;
/** A cadastre answer this short (bytes or characters; some hundred vertices) is read on the event loop at once. */
export const INLINE_CHARS = 32_768;

/**
 * A cadastre answer's bytes cross to the thread moved, not copied (and the
 * caller's view of them is emptied), when they fill their memory alone.
 */
function movable(input: unknown): ArrayBuffer[] {
  const answer = (input as Partial<ParcelPickInput>).answer;
  if (!(answer instanceof Uint8Array) || !(answer.buffer instanceof ArrayBuffer)) return [];
  const whole = answer.byteOffset === 0 && answer.byteLength === answer.buffer.byteLength;
  return whole ? [answer.buffer] : [];
}

function verticesOf(input: SharesInput): number {
  return input.zones.reduce(
    (sum, zone) => sum + zone.polygons.reduce((n, polygon) => n + vertexCount(polygon), 0),
    vertexCount(input.parcel),
  );
}

export function createGeometryPool(): GeometryPool {
  const pool = new Piscina({
    ...workerOptions(),
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: IDLE_MS,
    maxQueue: MAX_QUEUE,
    recordTiming: false,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  async function onThread<T>(name: TaskName, input: unknown, signal?: AbortSignal) {
    const deadline = AbortSignal.timeout(TASK_MS);
    try {
      return (await pool.run(
        { name, input },
        {
          signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
          transferList: movable(input),
        },
      )) as TaskOutcome<T>;
    } catch (err) {
      signal?.throwIfAborted();
      throw new AppError(ErrorCode.serviceError, BUSY, { cause: err });
    }
  }
  async function run<T>(
    name: TaskName,
    input: unknown,
    inline: boolean,
    signal?: AbortSignal,
  ): Promise<T> {
    const outcome = inline
      ? (runTask(name, input) as TaskOutcome<T>)
      : await onThread<T>(name, input, signal);
    if (outcome.ok) return outcome.value;
    if ('overBudget' in outcome) throw new AppError(ErrorCode.serviceError, OVER_BUDGET_TEXT);
    if ('outage' in outcome) throw new UpstreamOutage(outcome.outage, outcome.message);
    throw new AppError(outcome.code, outcome.message);
  }
  return {
    parcelShares: (input, signal) =>
      run('parcelShares', flatShares(input), verticesOf(input) <= INLINE_VERTICES, signal),
    parcelGridSample: (parcel, signal) =>
      run('parcelGridSample', toFlat(parcel), vertexCount(parcel) <= INLINE_VERTICES, signal),
    async geoJson(polygon, signal) {
      if (vertexCount(polygon) <= INLINE_VERTICES) return toGeoJsonMultiPolygon(polygon);
      const flat = await run<FlatRings>('geoJson', toFlat(polygon), false, signal);
      return { type: 'MultiPolygon', coordinates: nestedRings(flat) };
    },
    pickParcel: (input) => run('pickParcel', input, input.answer.length <= INLINE_CHARS),
    close: () => pool.destroy(),
  };
}
