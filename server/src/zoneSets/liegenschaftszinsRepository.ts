// The committees' Liegenschaftszinssätze in the service's database (migration
// 101-liegenschaftszinssaetze): the rows of a year go in under the year's
// zone_sets row (dataset lzs) before it is activated; a lookup reads the rows
// of active sets only. Seventy-odd committees × eleven property types: a year
// is a few hundred rows, written in one transaction.
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** The dataset name of the Liegenschaftszins years in zone_sets and the registry. */
export const LZS_DATASET = 'lzs';

/** The stichtag of an imported year: the end of its Berichtsjahr. */
export const yearStichtag = (year: number) => `${year}-12-31`;

/** One committee's figures for one property type, as the file publishes them. */
export interface LiegenschaftszinsRow {
  /** The committee's area key as the file writes it (an AGS). */
  committeeKey: string;
  /** The committee's name. */
  committee: string;
  /** The property type's code (shared/src/objektarten.ts). */
  objektart: string;
  /** Percent. */
  rate: number;
  stdDev?: number | undefined;
  sales?: number | undefined;
  totalLife?: number | undefined;
  remainingLife?: number | undefined;
  managementCost?: number | undefined;
  rent?: number | undefined;
  pricePerM2?: number | undefined;
  objectSize?: number | undefined;
}

/** A stored row with the year it belongs to. */
export interface StoredLiegenschaftszins extends LiegenschaftszinsRow {
  setId: number;
}

const COLUMNS = [
  ['committee_key', 'committeeKey'],
  ['committee', 'committee'],
  ['objektart', 'objektart'],
  ['rate', 'rate'],
  ['std_dev', 'stdDev'],
  ['sales', 'sales'],
  ['total_life', 'totalLife'],
  ['remaining_life', 'remainingLife'],
  ['management_cost', 'managementCost'],
  ['rent', 'rent'],
  ['price_per_m2', 'pricePerM2'],
  ['object_size', 'objectSize'],
] as const satisfies readonly (readonly [string, keyof LiegenschaftszinsRow])[];

export class LiegenschaftszinsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  async insertRows(
    setId: number,
    rows: readonly LiegenschaftszinsRow[],
    transaction?: Transaction,
  ) {
    if (rows.length === 0) return;
    const placeholders = `(?,${COLUMNS.map(() => '?').join(',')})`;
    const values = rows.flatMap((row) => [setId, ...COLUMNS.map(([, key]) => row[key] ?? null)]);
    await this.sequelize.query(
      `INSERT INTO liegenschaftszinssaetze (set_id, ${COLUMNS.map(([column]) => column).join(', ')})
       VALUES ${rows.map(() => placeholders).join(',')}`,
      { replacements: values, type: QueryTypes.INSERT, transaction },
    );
  }

  /** The rows of the given sets for one property type (without one: for every type). */
  async rowsOf(setIds: readonly number[], objektart?: string): Promise<StoredLiegenschaftszins[]> {
    if (setIds.length === 0) return [];
    const sets = setIds.map((id) => Math.trunc(id)).join(',');
    const ofType = objektart === undefined ? '' : ' AND objektart = ?';
    const rows = await this.sequelize.query<Record<string, unknown>>(
      `SELECT * FROM liegenschaftszinssaetze WHERE set_id IN (${sets})${ofType}`,
      { replacements: objektart === undefined ? [] : [objektart], type: QueryTypes.SELECT },
    );
    return rows.map(toRow);
  }

  /** Removes the rows of sets no longer in zone_sets (removed or never activated). */
  async removeOrphans(): Promise<void> {
    await this.sequelize.query(
      'DELETE FROM liegenschaftszinssaetze WHERE set_id NOT IN (SELECT id FROM zone_sets)',
    );
  }
}

function toRow(row: Record<string, unknown>): StoredLiegenschaftszins {
  const figure = (value: unknown) =>
    value === null || value === undefined ? undefined : Number(value);
  return {
    setId: Number(row.set_id),
    committeeKey: String(row.committee_key),
    committee: String(row.committee),
    objektart: String(row.objektart),
    rate: Number(row.rate),
    stdDev: figure(row.std_dev),
    sales: figure(row.sales),
    totalLife: figure(row.total_life),
    remainingLife: figure(row.remaining_life),
    managementCost: figure(row.management_cost),
    rent: figure(row.rent),
    pricePerM2: figure(row.price_per_m2),
    objectSize: figure(row.object_size),
  };
}
