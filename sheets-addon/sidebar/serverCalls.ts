// google.script.run as promises. The page runs in Google's sandboxed iframe,
// where `google.script.run` is the only way to reach the server functions.
import type { ServerFunctions } from './protocol.js';

interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: Error) => void): ScriptRun;
  [name: string]: unknown;
}

declare const google: { script: { run: ScriptRun } };

export function callServer<Name extends keyof ServerFunctions>(
  name: Name,
  ...args: Parameters<ServerFunctions[Name]>
): Promise<ReturnType<ServerFunctions[Name]>> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => {
        resolve(value as ReturnType<ServerFunctions[Name]>);
      })
      .withFailureHandler(reject);
    (runner[name] as (...values: unknown[]) => void)(...args);
  });
}
