// The add-in's single session, wired to the Office globals. Custom functions and
// task pane run in one shared runtime (webpack's single runtime chunk), so both
// import this module and see the same key, cache and attributions.
import { createAddinSession } from './addinSession.js';

export const session = createAddinSession({
  storage: OfficeRuntime.storage,
  fetch: (input, init) => fetch(input, init),
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  defaultServiceUrl: __BASE_URL__,
});
