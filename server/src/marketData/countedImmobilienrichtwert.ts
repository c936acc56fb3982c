// One Immobilienrichtwert answer as it counts against the quota, shared by the
// REST route and the MCP tool: counted like a lookup, once per billing month
// and account for the same address, sub-market and stichtag (its own key,
// apart from every lookup's); an address not found or no zone at the point is
// a failing answer, other errors give the count back (countedLookup.ts).
import { createHash } from 'node:crypto';
import {
  IRW_DISCLAIMER,
  immobilienrichtwertItem,
  type ImmobilienrichtwertResponse,
} from '#shared/immobilienrichtwert.js';
import type { ImmobilienrichtwertRequest } from '#shared/schemas/immobilienrichtwertRequest.js';
import { LICENSES, buildAttribution, type LicenseId } from '#shared/texts.js';
import type { QuotaService } from '../accounts/quotaService.js';
import type { Logger } from '../logging/logger.js';
import { typedAddress } from '../geocoding/typedAddress.js';
import { answerReserved } from '../lookup/countedLookup.js';
import { geocodingOf, withAddressCredit, withZoneSet } from '../lookup/responseBody.js';
import type { LookupCaller } from '../scheduling/workTicket.js';
import type { IrwAnswer, Immobilienrichtwerte } from './immobilienrichtwerte.js';

/** Where the open data are published (the answer's source_url, whatever mirror was imported). */
export const IRW_SOURCE_URL =
  'https://www.opengeodata.nrw.de/produkte/infrastruktur_bauen_wohnen/boris/IRW/';

export interface CountedIrwDeps {
  quota: Pick<QuotaService, 'reserveLookup'>;
  immobilienrichtwerte: Immobilienrichtwerte;
  logger: Logger;
}

export async function countedImmobilienrichtwert(
  deps: CountedIrwDeps,
  caller: LookupCaller,
  request: Omit<ImmobilienrichtwertRequest, 'format'>,
): Promise<ImmobilienrichtwertResponse> {
  const address = typedAddress(request.address);
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        'immobilienrichtwert',
        address.normal,
        request.teilmarkt ?? null,
        request.stichtag ?? null,
      ]),
    )
    .digest('hex');
  const reservation = await deps.quota.reserveLookup(caller.accountId, key);
  return answerReserved(deps, reservation, async () =>
    immobilienrichtwertResponse(
      request.addressInput,
      await deps.immobilienrichtwerte.at(
        { address, teilmarkt: request.teilmarkt, stichtag: request.stichtag },
        caller,
      ),
    ),
  );
}

/** The answer: the address as the lookup answers it, every IRW at the point, attribution, disclaimer. */
export function immobilienrichtwertResponse(
  addressInput: string,
  { place, set, records }: IrwAnswer,
): ImmobilienrichtwertResponse {
  const newest = records.map((r) => r.stichtag).reduce((a, b) => (a > b ? a : b));
  const license = (set.license in LICENSES ? set.license : 'dl-de/zero-2-0') as LicenseId;
  const attribution = buildAttribution({
    owners: [set.credit],
    year: Number(newest.slice(0, 4)),
    sourceUrl: IRW_SOURCE_URL,
    license,
  });
  return {
    address_input: addressInput,
    address_resolved: place.displayName,
    coordinates: { lat: place.lat, lon: place.lon },
    geocoding: geocodingOf(place),
    immobilienrichtwerte: records.map(immobilienrichtwertItem),
    attribution: withAddressCredit(
      withZoneSet(attribution, { name: set.name, stichtag: newest }),
      place,
    ),
    disclaimer: IRW_DISCLAIMER,
  };
}
