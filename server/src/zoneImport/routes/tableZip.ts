// The route of a dataset published as tables in a file, not as zones (NRW's
// Grundstücksmarktdaten zip with lzs.csv): the import downloads the file like
// any file route's; its dataset (datasets.ts) reads it, so the route yields
// no zones of its own.
import { z } from 'zod';
import type { ZoneRouteKind } from '../zoneRoute.js';
import { yearUrlSchema } from './fileRoute.js';

const optionsSchema = z.object({ url: yearUrlSchema }).strict();

export type TableZipOptions = z.infer<typeof optionsSchema>;

export const tableZipRoute: ZoneRouteKind<TableZipOptions> = {
  kind: 'table-zip',
  optionsSchema,
  // eslint-disable-next-line require-yield
  read: async function* () {
    throw new Error('a table-zip route holds tables, not zones: its dataset reads the file');
  },
};
