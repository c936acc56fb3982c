// The entry of the geometry threads (geometryPool.ts): one task per call.
import { runTask, type TaskName, type TaskOutcome } from './geometryTasks.js';

export default function geometryWorker(task: {
  name: TaskName;
  input: unknown;
}): TaskOutcome<unknown> {
  return runTask(task.name, task.input);
}
