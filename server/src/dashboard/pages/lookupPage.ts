// The "Abfrage" page: a lookup for people. The form posts (with CSRF) the
// address, the land-use filter and the date; the lookup is the counted one of
// GET /api/bodenrichtwert for the signed-in account (same quota, same usage),
// shown as a table of every published field, the attribution, the disclaimer,
// a map of the zone and links to the official portal and the calculation,
// and beside the land values the other market data at the point, uncounted
// (lookupMarketData.ts says why).
import { Router, type Request, type Response } from 'express';
import { LAND_USE_CODES, LAND_USE_NAMES } from '#shared/landUse.js';
import { ErrorCode, isAppError, type AppError } from '#shared/errors.js';
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { currencyFacts } from '#shared/client/currencyLine.js';
import { describeGeocoding } from '#shared/texts.js';
import { parseLookupRequest } from '#shared/schemas/lookupRequest.js';
import { countedLookupAs, type CountedLookupDeps } from '../../lookup/countedLookup.js';
import { callerWhileOpen } from '../../lookup/callerWhileOpen.js';
import { clientKey } from '../../http/rateLimit.js';
import type { LookupResult } from '../../lookup/lookupService.js';
import type { Config } from '../../config/config.js';
import { MAP_PIXELS, zoneMapBox, zoneMapSvg } from '../charts/zoneMap.js';
import { formatDate } from '../../web/pageFormat.js';
import { signedInAccount, type WebLayer } from '../../web/webLayer.js';
import { entryRows, extraAnswerFields } from './entryFields.js';
import { lookupPageAnswer, type LookupPageAnswer } from './lookupAnswer.js';
import { marketDataAt, type MarketDataDeps } from './lookupMarketData.js';

export type LookupPageDeps = CountedLookupDeps &
  MarketDataDeps & {
    config: Pick<Config, 'map' | 'billingUrl'>;
  };

/** Answer fields the page shows in their own places; any other one is listed under the table. */
const PLACED_ANSWER_FIELDS = [
  'address_input',
  'address_resolved',
  'coordinates',
  'geocoding',
  'bodenrichtwerte',
  'cache_hit',
  'cache_stale',
  'abgerufen_am',
  'attribution',
  'aktualitaet',
  'hinweis',
  'hinweise',
  'disclaimer',
];

/** Page wording where the API's message names a request parameter. */
const PAGE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.missingAddress]: 'Bitte geben Sie eine Adresse ein.',
  [ErrorCode.invalidNutzungsart]: 'Bitte wählen Sie die Nutzungsarten aus der Liste.',
};

function messageFor(error: AppError): string {
  return PAGE_MESSAGES[error.code] ?? error.message;
}

/** The calculation page, prefilled with an entry's value and its reference GFZ. */
function calculationLink(entry: BodenrichtwertEntry): string | undefined {
  if (entry.wertrel_geschossflaechenzahl === undefined) return undefined;
  const query = new URLSearchParams({
    brw: String(entry.brw_euro_pro_m2),
    gfz_referenz: String(entry.wertrel_geschossflaechenzahl),
  });
  return `/dashboard/umrechnung?${query.toString()}`;
}

/** The official portal at the zone: the entry's viewer_url where the API has one, else the source. */
export function portalLink(entries: readonly BodenrichtwertEntry[], sourceUrl: string): string {
  const viewer = entries
    .map((entry) => (entry as { viewer_url?: unknown }).viewer_url)
    // Only a web address becomes a link (never e.g. javascript:).
    .find((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url));
  return viewer ?? sourceUrl;
}

export function lookupPage(ctx: LookupPageDeps, web: WebLayer): Router {
  const router = Router();

  function page(req: Request, res: Response, extra: Record<string, unknown>, status = 200) {
    web.render(
      req,
      res,
      'lookup',
      {
        landUses: LAND_USE_CODES.map((code) => ({ code, name: LAND_USE_NAMES[code] })),
        form: { address: '', nutzungsart: [], stichtag: '' },
        today: ctx.lookup.today(),
        billingUrl: ctx.config.billingUrl,
        ...extra,
      },
      status,
    );
  }

  async function shown(
    { answer, outlines, mapSource, dataYear }: LookupPageAnswer,
    result: LookupResult,
    stichtag: string | undefined,
  ) {
    const entries = answer.bodenrichtwerte;
    const point = answer.coordinates;
    const [officialMap, marketData] = await Promise.all([
      ctx.lookup.officialMap({
        source: mapSource,
        box: zoneMapBox({ point, outlines }),
        year: dataYear,
        ...MAP_PIXELS,
      }),
      marketDataAt(ctx, result, stichtag),
    ]);
    const tileUrl = ctx.config.map.tileUrl;
    return {
      answer,
      located: describeGeocoding(answer.geocoding),
      currency: currencyFacts(answer.aktualitaet),
      rows: entryRows(entries),
      calculationLinks: entries.map(calculationLink),
      extraFields: extraAnswerFields(answer, PLACED_ANSWER_FIELDS),
      portalUrl: portalLink(entries, answer.attribution.source_url),
      // Without an outline, the state's map or tiles the frame would show a dot on grey.
      mapSvg:
        outlines.length > 0 || officialMap || tileUrl
          ? zoneMapSvg({ point, outlines, tileUrl, officialMap })
          : undefined,
      outlineCount: outlines.length,
      officialMapCredit: officialMap?.credit,
      retrievedAt: formatDate(answer.abgerufen_am),
      officialMapMissing: mapSource.map !== undefined && officialMap === undefined,
      tileAttribution: tileUrl ? ctx.config.map.tileAttribution : undefined,
      marketData,
    };
  }

  router.get('/dashboard/abfrage', web.requireLogin, (req, res) => {
    page(req, res, {});
  });

  router.post('/dashboard/abfrage', web.requireLogin, ...web.forms, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const form = {
      address: typeof body.address === 'string' ? body.address : '',
      nutzungsart: ([] as unknown[]).concat(body.nutzungsart ?? []).map(String),
      stichtag: typeof body.stichtag === 'string' ? body.stichtag : '',
    };
    const query = { address: form.address, nutzungsart: form.nutzungsart };
    const dated = form.stichtag === '' ? query : { ...query, stichtag: form.stichtag };
    try {
      const params = parseLookupRequest(dated, ctx.lookup.today());
      if (!params.ok) throw params.error;
      const caller = callerWhileOpen(signedInAccount(res).id, clientKey(req), res);
      // The page's parts are built inside the counted lookup: a failure there gives the count back.
      const view = await countedLookupAs(ctx, caller, params.value, (input, result, filter) =>
        shown(lookupPageAnswer(input, result, filter), result, params.value.stichtag),
      );
      page(req, res, { form, ...view });
    } catch (err) {
      // Unexpected failures go to the dashboard's error page; the service's own refusals stay here.
      if (!isAppError(err) || (err.status >= 500 && err.code !== ErrorCode.serviceError)) throw err;
      page(req, res, { form, error: messageFor(err), errorCode: err.code }, err.status);
    }
  });

  return router;
}
