// Entry point of `npm run zones:import`, `zones:update` and `zones:check` (zonesRun.ts).
import { processIo } from './commandIo.js';
import { runZones } from './zonesRun.js';

process.exitCode = await runZones(process.argv, processIo);
