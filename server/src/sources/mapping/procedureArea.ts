// A zone inside a procedure area (Brandenburg, Hessen: the feature type
// BR_Verfahren, asked at the same point) carries the area's Verfahrensgrund
// where the zone publishes none itself, and the area's Zusatz where the zone
// publishes no Zusatz. An area whose art cannot be read (no candidate element
// filled, or a code the Verfahrensgrund table does not know) is reported and
// left out with all it says: never a guessed procedure. Of several readable
// areas at one point, the first in the answer is taken (an entry has room for
// one Verfahrensgrund).
import type { ProcedureAreaRecord, SourceRecord } from '../sourceRecord.js';
import { readPublishedVerfahrensgrund } from './publishedProcedure.js';

/** An area left out: its gml:id and the art it published ('' for none). */
export interface UnreadableArea {
  area?: string;
  raw: string;
}

/**
 * The record with its area's facts. The records of one answer share one list
 * of areas: it is read once, so an unreadable area is reported once.
 */
export function procedureAreaReader(onUnreadable: (area: UnreadableArea) => void) {
  const chosen = new Map<readonly ProcedureAreaRecord[], ProcedureAreaRecord | undefined>();
  const firstReadable = (areas: readonly ProcedureAreaRecord[]) => {
    for (const area of areas) {
      if (readPublishedVerfahrensgrund(area.verfahrensgrund) !== undefined) return area;
      onUnreadable({ ...(area.id ? { area: area.id } : {}), raw: area.verfahrensgrund ?? '' });
    }
    return undefined;
  };
  return (record: SourceRecord): SourceRecord => {
    const areas = record.procedureAreas;
    if (areas === undefined) return record;
    if (!chosen.has(areas)) chosen.set(areas, firstReadable(areas));
    const area = chosen.get(areas);
    if (area === undefined || record.verfahrensgrund !== undefined) return record;
    const { verfahrensgrund, verfahrensgrund_zusatz } = area;
    return {
      verfahrensgrund,
      ...(verfahrensgrund_zusatz === undefined ? {} : { verfahrensgrund_zusatz }),
      ...record,
    };
  };
}
