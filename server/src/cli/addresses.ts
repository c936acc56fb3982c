// Entry point of `npm run addresses:import`, `addresses:update` and `addresses:status` (addressesRun.ts).
import { runAddresses } from './addressesRun.js';
import { processIo } from './commandIo.js';

process.exitCode = await runAddresses(process.argv, processIo);
