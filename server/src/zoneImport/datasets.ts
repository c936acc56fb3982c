// Every dataset the zone-set route imports (`--dataset`, the registry's
// `dataset`): one record each. A new dataset: its module and one line here.
import type { ZoneDataset } from './zoneDataset.js';
import { landValueDataset } from './landValueDataset.js';
import { irwDataset } from './irwDataset.js';

export const ZONE_DATASETS: readonly ZoneDataset[] = [landValueDataset, irwDataset];

export function zoneDataset(id: string): ZoneDataset | undefined {
  return ZONE_DATASETS.find((dataset) => dataset.id === id);
}
