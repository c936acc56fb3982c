// Every migration, in order. Add new ones at the end; never edit an applied one.
import type { Migration } from '../migrate.js';

export const migrations: readonly Migration[] = [];
