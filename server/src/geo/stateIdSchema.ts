// A registry's `state` field: the ISO 3166-2 id of one of the sixteen states
// (DE-NW), typed as such, so code and folder names follow from it without
// cutting strings.
import { z } from 'zod';
import { stateId, type StateId } from '#shared/germanStates.js';

export const stateIdSchema = z.custom<StateId>(
  (value) => typeof value === 'string' && stateId(value) === value,
  'state must be a German state as DE-NW',
);
