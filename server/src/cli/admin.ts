// Entry point of `npm run admin -- <command>` (adminRun.ts).
import { runAdmin } from './adminRun.js';
import { processIo } from './commandIo.js';

process.exitCode = await runAdmin(process.argv, processIo);
