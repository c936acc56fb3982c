// The wire types of shared/src/apiTypes.ts, which the add-ins and the server
// program against, are the answers' schemas: each named type is exactly the
// output of its schema, so neither can change alone (tsc -b checks this file;
// the add-ins keep plain types, without zod in their bundles).
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  AddressCredit,
  Attribution,
  BatchLookupItem,
  BatchLookupResponse,
  BodenrichtwertEntry,
  BodenrichtwertResponse,
  BodenwertResponse,
  ErrorBody,
  Geocoding,
  MeResponse,
  PendingItem,
} from '#shared/apiTypes.js';
import type { ErrorCode } from '#shared/errors.js';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import type { ImmobilienrichtwertResponse } from '#shared/immobilienrichtwert.js';
import type { immobilienrichtwertResponseSchema } from '#shared/schemas/immobilienrichtwertAnswer.js';
import type { flurstueckResponseSchema } from '#shared/schemas/flurstueckAnswer.js';
import type { bodenwertResponseSchema } from '#shared/schemas/bodenwertAnswer.js';
import type { errorBodySchema } from '#shared/schemas/errorAnswer.js';
import type {
  batchLookupItemSchema,
  bodenrichtwertEntrySchema,
  bodenrichtwertResponseSchema,
} from '#shared/schemas/lookupAnswer.js';
import type { meResponseSchema } from '#shared/schemas/meAnswer.js';

type Response = z.output<typeof bodenrichtwertResponseSchema>;
/** A batch item as one of the schema's options. */
type Item = z.output<(typeof batchLookupItemSchema)['options'][number]>;
type Assignable<From, To> = [From] extends [To] ? true : false;
type Same<A, B> = Assignable<A, B> extends true ? Assignable<B, A> : false;
/** The schema documents `error` as a string; the type names the codes. */
type Coded<T> = T extends { error: string } ? Omit<T, 'error'> & { error: ErrorCode } : T;

describe('the wire types', () => {
  it('are the outputs of the answer schemas', () => {
    expectTypeOf<BodenrichtwertEntry>().toEqualTypeOf<z.output<typeof bodenrichtwertEntrySchema>>();
    expectTypeOf<BodenrichtwertResponse>().toEqualTypeOf<Response>();
    expectTypeOf<Geocoding>().toEqualTypeOf<Response['geocoding']>();
    expectTypeOf<Attribution>().toEqualTypeOf<Response['attribution']>();
    expectTypeOf<AddressCredit>().toEqualTypeOf<
      NonNullable<Response['attribution']['hauskoordinaten']>
    >();
    expectTypeOf<BodenwertResponse>().toEqualTypeOf<z.output<typeof bodenwertResponseSchema>>();
    expectTypeOf<MeResponse>().toEqualTypeOf<z.output<typeof meResponseSchema>>();
    expectTypeOf<Omit<ErrorBody, 'error'>>().toEqualTypeOf<
      Omit<z.output<typeof errorBodySchema>, 'error'>
    >();
    expectTypeOf<ErrorBody['error']>().toExtend<z.output<typeof errorBodySchema>['error']>();
    // The batch item branch by branch (z.xor's own type also excludes the other branches'
    // keys); the type's error items may carry any code, the schema names those a lookup gives.
    const answered: Same<
      Extract<BatchLookupItem, { status: 200 }>,
      Extract<Item, { status: 200 }>
    > = true;
    expectTypeOf(answered).toEqualTypeOf<true>();
    expectTypeOf<PendingItem>().toEqualTypeOf<Extract<Item, { status: 202 }>>();
    const narrower: Assignable<Coded<Item>, BatchLookupItem> = true;
    expectTypeOf(narrower).toEqualTypeOf<true>();
    expectTypeOf<BatchLookupResponse['results'][number]>().toEqualTypeOf<BatchLookupItem>();
    // FlurstueckZone is an intersection (the entry and its share), which toEqualTypeOf
    // tells from the schema's flat object: both ways assignable is the same type.
    const parcel: Same<FlurstueckResponse, z.output<typeof flurstueckResponseSchema>> = true;
    expectTypeOf(parcel).toEqualTypeOf<true>();
    const irw: Same<
      ImmobilienrichtwertResponse,
      z.output<typeof immobilienrichtwertResponseSchema>
    > = true;
    expectTypeOf(irw).toEqualTypeOf<true>();
  });
});
