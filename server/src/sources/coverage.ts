// States the service must not answer for (§1): their land values may not be
// redistributed. Checked before any source is asked. One record per state:
// its name and the official portal a user is sent to instead. The registry
// (server/sources/brw-sources.yaml) may not list these states, so the
// evidence of each portal sits here:
// - Bayern: www.boris-bayern.de, named as the online land-value service of the
//   Bavarian committees by rosenheim.de (Bodenrichtwerte), nuernberger-land.de
//   (Bodenrichtwertauskunft) and the 2019 market report of Landkreis Augsburg.
// - Sachsen: www.boris.sachsen.de, the portal's own pages and the GeoSN
//   metadata record e97ec0a3-7d25-433c-92cc-989fe9bd4fff.
// - Schleswig-Holstein: the state's own page schleswig-holstein.de/DE/GAA/
//   Bodenrichtwerte, which publishes the values in the Digitaler Atlas Nord
//   (single source: the atlas's own address is not confirmed).
import { AppError, ErrorCode } from '#shared/errors.js';

export interface RestrictedState {
  state: string;
  name: string;
  portal: string;
}

export const RESTRICTED: readonly RestrictedState[] = [
  {
    state: 'DE-SH',
    name: 'Schleswig-Holstein',
    portal: 'https://www.schleswig-holstein.de/DE/GAA/Bodenrichtwerte/bodenrichtwerte_node.html',
  },
  { state: 'DE-SN', name: 'Sachsen', portal: 'https://www.boris.sachsen.de' },
  { state: 'DE-BY', name: 'Bayern', portal: 'https://www.boris-bayern.de' },
];

export const RESTRICTED_STATES = RESTRICTED.map((r) => r.state);

/** The state's record, or undefined when the service may answer for it. */
export function restrictedState(state: string): RestrictedState | undefined {
  return RESTRICTED.find((r) => r.state === state);
}

/** 451 restricted_state for an address of a restricted state, naming it and its portal. */
export function restrictedStateError(restricted: RestrictedState): AppError {
  return new AppError(
    ErrorCode.restrictedState,
    `Für ${restricted.name} dürfen keine Bodenrichtwerte ausgegeben werden ` +
      '(Schleswig-Holstein, Sachsen und Bayern sind ausgeschlossen).' +
      portalHint(restricted.portal),
  );
}

/** Where the user finds the state's values instead. */
export function portalHint(portal: string | undefined): string {
  return portal === undefined
    ? ''
    : ` Die amtlichen Bodenrichtwerte finden Sie im Portal des Landes: ${portal}`;
}
