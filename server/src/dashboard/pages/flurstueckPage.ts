// The "Flurstück" page: the parcel view for people. The form posts (with
// CSRF) an address or a Flurstückskennzeichen in one field, the land-use
// filter, the date and the GFZ; the answer is the counted one of
// GET /api/flurstueck for the signed-in account, shown as the parcel's
// cadastral data, the table of zone shares, the land value per use, the map
// (parcel outline over the zones on the state's own map) and the credits,
// printable as the Flurstücks-Auskunft like the lookup's.
import { Router, type Request, type Response } from 'express';
import { parcelTargetQuery } from '#shared/client/parcelTarget.js';
import { ErrorCode, isAppError } from '#shared/errors.js';
import { LAND_USE_CODES, LAND_USE_NAMES } from '#shared/landUse.js';
import { parseFlurstueckRequest } from '#shared/schemas/flurstueckRequest.js';
import type { Config } from '../../config/config.js';
import { clientKey } from '../../http/rateLimit.js';
import { callerWhileOpen } from '../../lookup/callerWhileOpen.js';
import type { LookupService } from '../../lookup/lookupService.js';
import {
  countedParcel,
  flurstueckResponse,
  type CountedParcelDeps,
} from '../../parcels/countedParcel.js';
import type { ParcelAnswer, ParcelValuation } from '../../parcels/parcelValuation.js';
import { formatDate } from '../../web/pageFormat.js';
import { signedInAccount, type WebLayer } from '../../web/webLayer.js';
import { MAP_PIXELS, zoneMapBox, zoneMapSvg } from '../charts/zoneMap.js';
import { gfzColumn, parcelCentre, parcelRows } from './flurstueckView.js';

export type FlurstueckPageDeps = CountedParcelDeps & {
  parcelValuation: Pick<ParcelValuation, 'value' | 'today'>;
  lookup: Pick<LookupService, 'officialMap'>;
  config: Pick<Config, 'map' | 'billingUrl'>;
};

const EMPTY_FORM = { target: '', nutzungsart: [] as string[], stichtag: '', gfz: '' };

/** Page wording where the API's message names a request parameter. */
const PAGE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.missingParameter]: 'Bitte geben Sie eine Adresse oder ein Flurstückskennzeichen ein.',
  [ErrorCode.invalidNutzungsart]: 'Bitte wählen Sie die Nutzungsarten aus der Liste.',
};

export function flurstueckPage(ctx: FlurstueckPageDeps, web: WebLayer): Router {
  const router = Router();

  function page(req: Request, res: Response, extra: Record<string, unknown>, status = 200) {
    web.render(
      req,
      res,
      'flurstueck',
      {
        landUses: LAND_USE_CODES.map((code) => ({ code, name: LAND_USE_NAMES[code] })),
        form: EMPTY_FORM,
        today: ctx.parcelValuation.today(),
        billingUrl: ctx.config.billingUrl,
        ...extra,
      },
      status,
    );
  }

  async function shown(parcel: ParcelAnswer) {
    const answer = flurstueckResponse(parcel);
    const point = answer.coordinates ?? parcelCentre(answer.flurstueck.geometrie);
    const outlines = parcel.zonen.flatMap((zone) => (zone.outline ? [zone.outline] : []));
    const outline = answer.flurstueck.geometrie.coordinates.flat();
    const officialMap =
      parcel.mapSource === undefined
        ? undefined
        : await ctx.lookup.officialMap({
            source: parcel.mapSource,
            box: zoneMapBox({ point, outlines, parcel: outline }),
            year: answer.attribution.year,
            ...MAP_PIXELS,
          });
    const tileUrl = ctx.config.map.tileUrl;
    return {
      answer,
      rows: parcelRows(answer),
      gfzColumn: gfzColumn(answer),
      mapSvg: zoneMapSvg({
        point,
        outlines,
        parcel: outline,
        markPoint: answer.coordinates !== undefined,
        tileUrl,
        officialMap,
      }),
      outlineCount: outlines.length,
      officialMapCredit: officialMap?.credit,
      officialMapMissing: parcel.mapSource?.map !== undefined && officialMap === undefined,
      tileAttribution: tileUrl ? ctx.config.map.tileAttribution : undefined,
      retrievedAt: formatDate(answer.abgerufen_am),
    };
  }

  router.get('/dashboard/flurstueck', web.requireLogin, (req, res) => {
    page(req, res, {});
  });

  router.post('/dashboard/flurstueck', web.requireLogin, ...web.forms, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const form = {
      target: text(body.target),
      nutzungsart: ([] as unknown[]).concat(body.nutzungsart ?? []).map(String),
      stichtag: text(body.stichtag),
      gfz: text(body.gfz),
    };
    try {
      const params = parseFlurstueckRequest(
        {
          ...(form.target.trim() === '' ? {} : parcelTargetQuery(form.target)),
          nutzungsart: form.nutzungsart,
          stichtag: form.stichtag,
          ...(form.gfz.trim() === '' ? {} : { gfz: form.gfz }),
        },
        ctx.parcelValuation.today(),
      );
      if (!params.ok) throw params.error;
      const caller = callerWhileOpen(signedInAccount(res).id, clientKey(req), res);
      page(req, res, { form, ...(await shown(await countedParcel(ctx, caller, params.value))) });
    } catch (err) {
      // Unexpected failures go to the dashboard's error page; the service's own refusals stay here.
      if (!isAppError(err) || (err.status >= 500 && err.code !== ErrorCode.serviceError)) throw err;
      const message = PAGE_MESSAGES[err.code] ?? err.message;
      page(req, res, { form, error: message, errorCode: err.code }, err.status);
    }
  });

  return router;
}
