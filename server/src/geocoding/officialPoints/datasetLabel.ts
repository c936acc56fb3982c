// The `dataset` an answer located by an official point names: the state's
// dataset and the date of its data. Where the file has no date column, the
// date is the download's Last-Modified or the file's own date, and the label
// says which, so nobody reads a download day as a survey day.

/** Where the data date of an import comes from: its rows, the download's Last-Modified, the file's date. */
export type DataDateSource = 'rows' | 'last_modified' | 'file_date';

interface DatedData {
  dataDate: string | null;
  dataDateSource: DataDateSource | null;
}

const ORIGIN: Readonly<Record<Exclude<DataDateSource, 'rows'>, string>> = {
  last_modified: 'Last-Modified des Downloads',
  file_date: 'Datum der Datei',
};

/** "2026-10-01", or "2026-10-01 (Datum der Datei)" where the file had no date column; null: unknown. */
export function dataDateText(data: DatedData): string | null {
  const { dataDate, dataDateSource } = data;
  if (dataDate === null) return null;
  return dataDateSource === null || dataDateSource === 'rows'
    ? dataDate
    : `${dataDate} (${ORIGIN[dataDateSource]})`;
}

/** "Gebäudereferenzen NRW (GEBREF), Stand 2026-07-01": the `dataset` of an answer. */
export function datasetLabel(dataset: string, data: DatedData): string {
  const date = dataDateText(data);
  return date === null ? dataset : `${dataset}, Stand ${date}`;
}
