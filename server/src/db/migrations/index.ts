// Every migration, in order. Add new ones at the end; never edit an applied one.
import type { Migration } from './migration.js';
import { accountsMigration } from './001-accounts.js';
import { lookupCachesMigration } from './010-lookup-caches.js';
import { oauthMigration } from './020-oauth.js';
import { dashboardMigration } from './021-dashboard.js';
import { oauthGrantsMigration } from './025-oauth-grants.js';
import { accountEmailMigration } from './026-account-email.js';
import { distinctLookupsMigration } from './030-distinct-lookups.js';
import { houseCoordinatesMigration } from './040-house-coordinates.js';
import { houseImportOriginMigration } from './041-house-import-origin.js';
import { trialMailboxesMigration } from './050-trial-mailboxes.js';
import { failingLookupsMigration } from './051-failing-lookups.js';
import { sourceOffersMigration } from './060-source-offers.js';
import { zoneSetsMigration } from './070-zone-sets.js';
import { zoneSetIndexStampMigration } from './080-zone-set-index-stamp.js';
import { cacheKeyLengthMigration } from './090-cache-key-length.js';
import { irwZonesMigration } from './100-irw-zones.js';
import { liegenschaftszinssaetzeMigration } from './101-liegenschaftszinssaetze.js';
import { housePointsByStreetMigration } from './110-house-points-by-street.js';
import { houseLocalitiesMigration } from './120-house-localities.js';

export const migrations: readonly Migration[] = [
  accountsMigration,
  lookupCachesMigration,
  oauthMigration,
  dashboardMigration,
  oauthGrantsMigration,
  accountEmailMigration,
  distinctLookupsMigration,
  houseCoordinatesMigration,
  houseImportOriginMigration,
  trialMailboxesMigration,
  failingLookupsMigration,
  sourceOffersMigration,
  zoneSetsMigration,
  zoneSetIndexStampMigration,
  cacheKeyLengthMigration,
  irwZonesMigration,
  liegenschaftszinssaetzeMigration,
  housePointsByStreetMigration,
  houseLocalitiesMigration,
];
