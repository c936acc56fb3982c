// `npm run zones:check -- --state XX --sample N [--dataset D] [--year Y] [--seed S]`:
// N points inside random zones of the state's active set, each asked of the
// state's live service (the registry's adapter, under the source gate a
// lookup uses), both answers mapped alike and compared per field. Prints the
// agreement per field, up to 10 differing points and the points only one
// route has a zone at. Exits 0 whatever the agreement (it is the result an
// operator reads); 1 when the check cannot run or the service fails midway.
import { germanDate } from '#shared/stichtag.js';
import { openConfiguredSources } from '../lookup/createLookup.js';
import { createSourceGate } from '../scheduling/sourceGate.js';
import { ticketFor } from '../scheduling/workTicket.js';
import { berlinDay } from '../time/berlinDay.js';
import { systemClock } from '../time/clock.js';
import { entryAgreement, type Agreement } from '../zoneImport/entryAgreement.js';
import { askBothRoutes } from '../zoneImport/serviceAgreement.js';
import { ZoneImportError } from '../zoneImport/zoneImportError.js';
import { createZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import type { ZoneCommandContext } from './zonesContext.js';

export interface ZoneCheckOptions {
  state: string;
  sample: string;
  dataset?: string;
  year?: string;
  seed?: string;
}

/** How many differing points are listed; the counts cover them all. */
const LISTED = 10;
/** More points than an operator's check needs, and than a service should be asked at once. */
const MAX_SAMPLE = 10_000;

export async function runZoneCheck(
  context: ZoneCommandContext,
  options: ZoneCheckOptions,
): Promise<void> {
  const sample = wholeNumber('--sample', options.sample, 1, MAX_SAMPLE);
  const seed =
    options.seed === undefined
      ? Math.floor(Math.random() * 2 ** 31)
      : wholeNumber('--seed', options.seed, 0, 2 ** 32 - 1);
  const definition = context.registry.find(options.state, options.dataset);
  const dataset = options.dataset ?? 'brw';
  if (dataset !== 'brw') {
    // The live service compared against answers land values; no other dataset has one here.
    throw new ZoneImportError(
      'unknown_set',
      `zones:check vergleicht nur Bodenrichtwert-Zonensätze mit dem Dienst des Landes; für „${dataset}“ ist kein Dienst zum Vergleich angebunden.`,
    );
  }
  const state = definition?.state ?? options.state;
  const active = (await context.repository.activeSets()).filter(
    (set) => set.state === state && set.dataset === dataset && set.newestStichtag !== null,
  );
  const newest = active.at(-1);
  const set =
    options.year === undefined ? newest : active.find((s) => String(s.year) === options.year);
  if (!set?.newestStichtag) {
    throw new ZoneImportError(
      'no_active_set',
      `Für ${options.state} (${dataset}${options.year ? `, ${options.year}` : ''}) ist kein Zonensatz importiert; ` +
        'zuerst npm run zones:import ausführen.',
    );
  }
  const { config, logger } = context;
  const { registry } = await openConfiguredSources({
    config,
    logger,
    clock: systemClock,
    fetch: globalThis.fetch,
  });
  const live = registry.forState(state);
  if (live?.status !== 'configured') {
    throw new ZoneImportError(
      'unknown_set',
      `Für ${state} ist kein Bodenrichtwert-Dienst angebunden, gegen den geprüft werden könnte.`,
    );
  }
  const sourceGate = createSourceGate(config.sourceMaxConcurrency);
  const caller = { accountId: 'zones:check', ip: '127.0.0.1', signal: context.signal };
  // The newest set answers today's lookups: compared with the service's current values.
  const current = set === newest;
  const asOf = current ? berlinDay(systemClock()) : set.newestStichtag;
  const points = await askBothRoutes(
    set,
    { sample, seed, asOf, stichtag: current ? undefined : set.newestStichtag },
    {
      repository: context.repository,
      answers: createZoneSetAnswers({ repository: context.repository, clock: systemClock }),
      live,
      ask: (work) => sourceGate(state, ticketFor(caller, config.upstreamTimeoutMs), work),
      logger,
    },
  );
  const heading =
    `${set.state} ${set.year} (${set.name}, Stichtag ${germanDate(set.newestStichtag)}) ` +
    `gegen den Dienst ${live.source.name}${current ? '' : ` zum Stichtag ${germanDate(asOf)}`}: ` +
    `${sample} Punkte, Startwert ${seed} (mit --seed ${seed} wiederholbar)`;
  for (const line of agreementReport(heading, entryAgreement(points))) context.print(line);
}

/** The German lines of a check: per field, then the differing and one-sided points. */
export function agreementReport(heading: string, agreement: Agreement): string[] {
  const lines = [heading];
  for (const { field, equal, compared } of agreement.fields) {
    const percent = ((100 * equal) / compared).toLocaleString('de-DE', {
      maximumFractionDigits: 1,
    });
    lines.push(`  ${field}: ${equal}/${compared} gleich (${percent} %)`);
  }
  const at = ({ lat, lon }: { lat: number; lon: number }) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
  const { differing, oneSided, unpaired } = agreement;
  if (differing.length === 0) lines.push('Keine abweichenden Punkte.');
  else {
    lines.push(`Abweichende Punkte: ${differing.length}${listed(differing.length)}`);
    for (const { point, differences } of differing.slice(0, LISTED)) {
      const fields = differences.map((d) => `${d.field} Zonensatz ${d.set}, Dienst ${d.live}`);
      lines.push(`  ${at(point)}: ${fields.join('; ')}`);
    }
  }
  if (oneSided.length > 0) {
    lines.push(`Punkte mit Zone nur auf einer Seite: ${oneSided.length}${listed(oneSided.length)}`);
    for (const { point, without } of oneSided.slice(0, LISTED)) {
      lines.push(
        `  ${at(point)}: ${without === 'live' ? 'keine Zone beim Dienst' : 'keine Zone im Zonensatz'}`,
      );
    }
  }
  if (unpaired.set + unpaired.live > 0) {
    lines.push(
      `Einträge ohne Gegenstück gleicher Nutzungsart: ${unpaired.set} im Zonensatz, ${unpaired.live} beim Dienst`,
    );
  }
  return lines;
}

const listed = (n: number) => (n > LISTED ? ` (die ersten ${LISTED}):` : ':');

function wholeNumber(option: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ZoneImportError(
      'bad_option',
      `${option} ${text}: erwartet ist eine ganze Zahl von ${min} bis ${max.toLocaleString('de-DE')}.`,
    );
  }
  return n;
}
