// The entry of the geometry threads (geometryPool.ts): one task per call.
// Each thread lowers its own scheduling priority (on Linux a thread has its
// own nice value) so that, where the cores are busy, the event loop's short
// turns come before the long geometry and /healthz and small lookups stay
// prompt; the geometry takes whatever CPU the rest leaves.
import { setPriority } from 'node:os';
import { runTask, type TaskName, type TaskOutcome } from './geometryTasks.js';

/** nice 10: about a tenth of the CPU share of a thread at the default 0 when both want it. */
const GEOMETRY_NICE = 10;

try {
  setPriority(GEOMETRY_NICE);
} catch {
  // Not permitted (or not supported) here: the thread runs at the process's priority.
}

export default function geometryWorker(task: {
  name: TaskName;
  input: unknown;
}): TaskOutcome<unknown> {
  return runTask(task.name, task.input);
}
