// The default dataset `brw`: the Bodenrichtwert zones, their fields the
// entry's of §2.1 (fieldMap.ts), each zone checked by the lookup's own mapper
// (zoneCheck.ts), stored in zone_set_zones.
import { fieldMapSchema } from '../sources/fieldMap.js';
import { LAND_VALUE_TABLES } from '../zoneSets/zoneSetRepository.js';
import { checkZone } from './zoneCheck.js';
import { columnsOf, hasColumn, type ZoneDataset } from './zoneDataset.js';

const REQUIRED = [
  ['brw', 'Bodenrichtwert'],
  ['stichtag', 'Stichtag'],
] as const;

export const landValueDataset: ZoneDataset = {
  id: 'brw',
  tables: LAND_VALUE_TABLES,
  checker(published, settings) {
    const parsed = fieldMapSchema.safeParse(published);
    if (!parsed.success) return { issues: parsed.error.issues };
    const fields = parsed.data;
    return {
      missing: (zone) =>
        REQUIRED.filter(([field]) => !hasColumn(zone, fields[field])).map(
          ([field, name]) => `${name} (${columnsOf(fields[field])})`,
        ),
      check: (zone) => checkZone(zone, fields, settings.numberFormat, settings.within),
    };
  },
};
