import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { ErrorCode, type AppError } from '#shared/errors.js';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import { PARCEL_DISCLAIMER } from '#shared/texts.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { MIXED_KENNZEICHEN, SPLIT_KENNZEICHEN } from '../../../support/parcelAnswers.js';
import {
  BAVARIAN_KENNZEICHEN,
  OUTAGE_KENNZEICHEN,
  startParcelApi,
  type ParcelApi,
} from '../../../support/parcelApi.js';

let api: ParcelApi;
beforeAll(async () => {
  api = await startParcelApi();
});
afterAll(async () => {
  await api.close();
});

/** The XML answer as fast-xml-parser reads it (every leaf text). */
interface XmlAnswer {
  flurstueck: { geometrie: string };
  zonen: { zone: { code: string }[] };
  bodenwert: { nutzung: { bodenwert_euro: string }[] };
  disclaimer: string;
}

async function ask(query: Record<string, string | string[]>, token?: string | null) {
  const res = await api.get(query, token);
  const body = (await res.json()) as Record<string, unknown>;
  expectValidResponse('GET', '/api/flurstueck', res.status, body);
  return { status: res.status, body };
}

describe('GET /api/flurstueck', () => {
  it('answers a parcel by Kennzeichen with its zones, shares and land value, and the disclaimer', async () => {
    const { status, body } = await ask({ kennzeichen: SPLIT_KENNZEICHEN });
    expect(status).toBe(200);
    const answer = body as unknown as FlurstueckResponse;
    expect(answer.kennzeichen_input).toBe(SPLIT_KENNZEICHEN);
    expect(answer.flurstueck.amtliche_flaeche_m2).toBe(1000);
    expect(answer.zonen.map((z) => [z.code, z.anteil_flaeche_m2])).toEqual([
      ['W', 600],
      ['W', 400],
    ]);
    expect(answer.bodenwert).toMatchObject([{ code: 'W', bodenwert_euro: 420_000 }]);
    expect(answer.disclaimer).toBe(PARCEL_DISCLAIMER);
    // The outlines and the map source the lookup page draws stay inside the service.
    expect(JSON.stringify(body)).not.toContain('outline');
    expect(body).not.toHaveProperty('mapSource');
  });

  it('passes the address as sent, the filter, the GFZ and the date to the use case', async () => {
    const { status, body } = await ask({
      address: `  ${DEMO_ADDRESSES.hannover}`,
      nutzungsart: ['W', 'M', 'W'],
      gfz: '1,2',
      stichtag: '2024-06-30',
    });
    expect(status).toBe(200);
    expect(body.address_input).toBe(`  ${DEMO_ADDRESSES.hannover}`);
    expect(api.valuation.queries.at(-1)).toEqual({
      target: {
        kind: 'address',
        addressInput: `  ${DEMO_ADDRESSES.hannover}`,
        address: typedAddress(`  ${DEMO_ADDRESSES.hannover}`),
      },
      nutzungsarten: ['W', 'M'],
      gfz: 1.2,
      stichtag: '2024-06-30',
    });
    expect(api.valuation.callers.at(-1)?.accountId).toBe(api.h.account.user.id);
  });

  it("widens Berlin's 18-character Kennzeichen to 20 before asking", async () => {
    await ask({ kennzeichen: '11000191900567____' });
    expect(api.valuation.queries.at(-1)?.target).toEqual({
      kind: 'kennzeichen',
      kennzeichenInput: '11000191900567____',
      kennzeichen: '11000191900567______',
    });
  });

  it('answers XML with zone and nutzung elements and the geometry as GeoJSON text', async () => {
    const json = await ask({ kennzeichen: MIXED_KENNZEICHEN });
    const res = await api.get({ kennzeichen: MIXED_KENNZEICHEN, format: 'xml' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const tree = new XMLParser({
      parseTagValue: false,
      isArray: (name) => ['zone', 'nutzung'].includes(name),
    }).parse(await res.text()) as { response: XmlAnswer };
    const xml = tree.response;
    const answer = json.body as unknown as FlurstueckResponse;
    expect(JSON.parse(xml.flurstueck.geometrie)).toEqual(answer.flurstueck.geometrie);
    expect(xml.zonen.zone.map((z) => z.code)).toEqual(['M', 'L']);
    expect(xml.bodenwert.nutzung.map((n) => n.bodenwert_euro)).toEqual(
      answer.bodenwert.map((n) => String(n.bodenwert_euro)),
    );
    expect(xml.disclaimer).toBe(PARCEL_DISCLAIMER);
  });

  it.each([
    [{}, ErrorCode.missingParameter],
    [{ address: '  ', kennzeichen: '' }, ErrorCode.missingParameter],
    [
      { address: DEMO_ADDRESSES.hannover, kennzeichen: SPLIT_KENNZEICHEN },
      'conflicting_parameters',
    ],
    [{ address: 'x'.repeat(301) }, ErrorCode.addressTooLong],
    [{ kennzeichen: '0306510010012' }, ErrorCode.invalidKennzeichen],
    [{ kennzeichen: SPLIT_KENNZEICHEN, nutzungsart: 'X' }, ErrorCode.invalidNutzungsart],
    [{ kennzeichen: SPLIT_KENNZEICHEN, gfz: '0' }, ErrorCode.invalidGfzTatsaechlich],
    [{ kennzeichen: SPLIT_KENNZEICHEN, gfz: '1.000,5' }, ErrorCode.invalidGfzTatsaechlich],
    [{ kennzeichen: SPLIT_KENNZEICHEN, format: 'csv' }, ErrorCode.invalidFormat],
    [{ kennzeichen: SPLIT_KENNZEICHEN, stichtag: '2024-02-30' }, ErrorCode.invalidStichtag],
    [{ kennzeichen: SPLIT_KENNZEICHEN, stichtag: '2026-11-03' }, ErrorCode.invalidStichtag],
  ])('refuses %j with 400 %s before asking the use case', async (query, code) => {
    const asked = api.valuation.queries.length;
    const { status, body } = await ask(query as Record<string, string>);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: code, status: 400 });
    expect(body.message).toMatch(/\S/);
    expect(api.valuation.queries.length).toBe(asked);
  });

  it('answers a refusal as XML when XML was asked', async () => {
    const res = await api.get({ kennzeichen: 'abc', format: 'xml' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<error>invalid_kennzeichen</error>');
  });

  it('refuses a request without a token with 401', async () => {
    const { status, body } = await ask({ kennzeichen: SPLIT_KENNZEICHEN }, null);
    expect(status).toBe(401);
    expect(body.error).toBe(ErrorCode.missingToken);
  });

  it.each([
    ['03065100100777______', 404, ErrorCode.parcelNotFound],
    [BAVARIAN_KENNZEICHEN, 451, ErrorCode.restrictedState],
    [OUTAGE_KENNZEICHEN, 503, ErrorCode.serviceError],
  ])('answers the use case’s refusal for %s with %d %s', async (kennzeichen, status, code) => {
    const answer = await ask({ kennzeichen });
    expect(answer).toMatchObject({ status, body: { error: code, status } });
  });

  it('answers an unexpected failure with 500 processing_error and no internals', async () => {
    api.valuation.failure = new TypeError('secret internals') as unknown as AppError;
    try {
      const { status, body } = await ask({ kennzeichen: SPLIT_KENNZEICHEN });
      expect(status).toBe(500);
      expect(body.error).toBe(ErrorCode.processingError);
      expect(JSON.stringify(body)).not.toContain('secret');
    } finally {
      api.valuation.failure = undefined;
    }
  });
});
