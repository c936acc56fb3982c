// Turns the rows a reader hands over into the points the database keeps, and
// counts what it leaves out: repeats of an earlier row, quality C (estimated
// positions, not surveyed), rows of another state, positions outside the
// state, and the rows the reader found malformed. Also collects the distinct
// streets per place, where rows outside the state lie, and the addresses
// that may have more points than a building carries.
import { fromSourcePosition } from '../geo/crs.js';
import { parseHouseNumber, placeKey, streetKey } from '../geocoding/addressKeys.js';
import type {
  AddressSources,
  OpenAddressSource,
} from '../geocoding/officialPoints/addressSources.js';
import type { DataDateSource } from '../geocoding/officialPoints/datasetLabel.js';
import type { HouseRow, ReadBatch } from './formats/houseRow.js';
import type {
  OfficialPoint,
  ImportSummary,
  LocalityName,
  StreetName,
} from '../geocoding/officialPoints/officialPointRepository.js';
import { NOT_MALFORMED, type LeftOutReason } from './leftOutReasons.js';
import { RowRepeats } from './rowRepeats.js';
import { CrowdedAddresses } from './crowdedAddresses.js';
import { stateAt } from './stateAt.js';

const SAMPLES = 5;
/** Names repeat row after row (a file runs street by street): their keys are computed once. */
const KEY_MEMO = 50_000;

/**
 * A copy of a field that does not keep the reader's whole chunk alive: V8
 * cuts a field out of its line as a slice that references the chunk, so a
 * kept street name would hold tens of kilobytes each.
 */
const detached = (text: string): string => ` ${text}`.slice(1);

function memoised(key: (name: string) => string): (name: string) => string {
  const known = new Map<string, string>();
  return (name) => {
    let value = known.get(name);
    if (value === undefined) {
      if (known.size >= KEY_MEMO) known.clear();
      value = key(name);
      known.set(detached(name), value);
    }
    return value;
  };
}

/** The state the rows of a file belong to, when it is not the one imported, and what said so. */
export interface OtherState {
  name: string;
  by: 'landschl' | 'coordinates';
}

export class PointBuilder {
  rowsRead = 0;
  malformedCount = 0;
  readonly leftOut: Partial<Record<LeftOutReason, number>> = {};
  readonly samples: { line: number; reason: LeftOutReason; detail: string }[] = [];
  readonly repeats = new RowRepeats();
  /** The addresses that may have more points than one building carries (`crowd`). */
  readonly crowds: CrowdedAddresses;
  private points: OfficialPoint[] = [];
  private kept = 0;
  private newestDate: string | undefined;
  private readonly streetNames = new Map<string, StreetName>();
  private readonly localityNames = new Map<string, LocalityName>();
  private readonly otherStates = new Map<string, number>();
  /** Sum of the positions outside the state, for where they lie. */
  private readonly outside = { count: 0, lat: 0, lon: 0 };
  private readonly streetKey = memoised(streetKey);
  private readonly placeKey = memoised(placeKey);

  constructor(
    readonly source: OpenAddressSource,
    private readonly sources: AddressSources,
    crowd: number,
  ) {
    this.crowds = new CrowdedAddresses(crowd);
  }

  add(batch: ReadBatch): void {
    for (const bad of batch.malformed) this.leaveOut(bad.reason, bad.line, bad.detail);
    this.rowsRead += batch.malformed.length;
    for (const row of batch.rows) {
      this.rowsRead += 1;
      const point = this.toPoint(row);
      if (point) this.points.push(point);
    }
  }

  /** The points built since the last call. */
  take(): OfficialPoint[] {
    const taken = this.points;
    this.points = [];
    return taken;
  }

  streets(): StreetName[] {
    return [...this.streetNames.values()];
  }

  /** Each place's Ortsteile, named as the file first wrote them. */
  localities(): LocalityName[] {
    return [...this.localityNames.values()];
  }

  /** The rows' newest date; without one, the date of the file (`fallback`) and where it comes from. */
  summary(fallback: { date: Date; source: Exclude<DataDateSource, 'rows'> }): ImportSummary {
    return {
      rowsRead: this.rowsRead,
      rowsKept: this.kept,
      leftOut: { ...this.leftOut },
      dataDate: this.newestDate ?? fallback.date.toISOString().slice(0, 10),
      dataDateSource: this.newestDate === undefined ? fallback.source : 'rows',
    };
  }

  /**
   * The state of the rows, when most rows belong to another state than the
   * one imported: the state most rows name (`landschl`), else the state whose
   * bounds hold the rows that lie outside.
   */
  dominantOtherState(): OtherState | undefined {
    const [key, count] = [...this.otherStates].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (key !== undefined && (count ?? 0) * 2 >= this.rowsRead) {
      const named = this.sources.all.find((s) => s.stateKey === key);
      return {
        name: named ? `${named.name} (landschl ${key})` : `landschl ${key}`,
        by: 'landschl',
      };
    }
    const { outside } = this;
    if (outside.count === 0 || outside.count * 2 < this.rowsRead) return undefined;
    const where = { lat: outside.lat / outside.count, lon: outside.lon / outside.count };
    const state = stateAt(where, this.sources.all);
    return state && state.state !== this.source.state
      ? { name: state.name, by: 'coordinates' }
      : undefined;
  }

  private toPoint(row: HouseRow): OfficialPoint | undefined {
    const { source } = this;
    if (this.repeats.repeated(row)) return this.leaveOut('repeat', row.line, '');
    if (row.stateKey !== undefined && row.stateKey !== '' && row.stateKey !== source.stateKey) {
      this.otherStates.set(row.stateKey, (this.otherStates.get(row.stateKey) ?? 0) + 1);
      return this.leaveOut('other_state', row.line, `landschl ${row.stateKey}`);
    }
    if (row.quality.toUpperCase() === 'C') return this.leaveOut('quality_c', row.line, 'qua C');
    const number = parseHouseNumber(row.number, row.suffix);
    if (!number) return this.leaveOut('house_number', row.line, `hnr „${row.number}“`);
    const street = this.streetKey(row.street);
    if (street === '') return this.leaveOut('street', row.line, 'kein Straßenname');
    const { lat, lon } = fromSourcePosition(
      [row.x, row.y],
      row.crs,
      row.crs === 'EPSG:4326' ? 'lon-lat' : 'east-north',
    );
    const [west, south, east, north] = source.bbox;
    if (!(lon >= west && lon <= east && lat >= south && lat <= north)) {
      this.outside.count += 1;
      this.outside.lat += lat;
      this.outside.lon += lon;
      return this.leaveOut(
        'outside_state',
        row.line,
        `${row.x} ${row.y} (${row.crs}) liegt außerhalb von ${source.name}`,
      );
    }
    // SL, HB and HH name no municipality, only the postal place or the locality.
    const placeName = row.municipality || row.postalPlace || row.locality || '';
    const place = this.placeKey(placeName);
    const localityName = [row.locality, row.postalPlace].find((name) => {
      const key = name === undefined ? '' : this.placeKey(name);
      return key !== '' && key !== place;
    });
    const locality = localityName === undefined ? undefined : this.placeKey(localityName);
    if (localityName !== undefined && locality !== undefined) {
      const known = `${place}|${locality}`;
      if (!this.localityNames.has(known)) {
        this.localityNames.set(known, {
          placeKey: place,
          localityKey: locality,
          locality: detached(localityName),
        });
      }
    }
    if (!this.streetNames.has(`${place}|${street}`)) {
      this.streetNames.set(`${place}|${street}`, {
        placeKey: place,
        streetKey: street,
        street: detached(row.street),
      });
    }
    if (row.date !== undefined && (this.newestDate === undefined || row.date > this.newestDate)) {
      this.newestDate = row.date;
    }
    this.kept += 1;
    const point: OfficialPoint = {
      streetKey: street,
      number: number.number,
      suffix: number.suffix,
      placeKey: place,
      localityKey: locality ?? null,
      postcode: row.postcode !== undefined && /^\d{5}$/.test(row.postcode) ? row.postcode : null,
      street: row.street,
      houseNumber: `${row.number}${row.suffix}`.replace(/\s+/g, ''),
      municipality: placeName,
      quality: /^[AB]$/i.test(row.quality) ? row.quality.toUpperCase() : '-',
      lat: Math.round(lat * 1e7) / 1e7,
      lon: Math.round(lon * 1e7) / 1e7,
    };
    this.crowds.add(point);
    return point;
  }

  private leaveOut(reason: LeftOutReason, line: number, detail: string): undefined {
    this.leftOut[reason] = (this.leftOut[reason] ?? 0) + 1;
    if (NOT_MALFORMED.includes(reason)) return undefined;
    this.malformedCount += 1;
    if (this.samples.length < SAMPLES) this.samples.push({ line, reason, detail });
    return undefined;
  }
}
