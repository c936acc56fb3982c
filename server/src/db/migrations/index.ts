// Every migration, in order. Add new ones at the end; never edit an applied one.
import type { Migration } from '../migrate.js';
import { accountsMigration } from './001-accounts.js';

export const migrations: readonly Migration[] = [accountsMigration];
