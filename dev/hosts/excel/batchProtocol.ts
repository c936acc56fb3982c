// The messages between the add-in's `Excel` object (excelClient.ts, in the
// add-in's runtime) and the stand-in host (excelApi.ts). Office works the same
// way: Excel.run queues commands on proxy objects, and context.sync() sends
// them to the host in one batch and fills in the properties that were loaded.

export interface BatchOp {
  kind: 'get' | 'call' | 'set' | 'load';
  /** The handle of the object the op is on ("workbook" is the root). */
  target: string;
  name: string;
  /** call: the arguments (a proxy as {handle}); load: the property paths. */
  args?: unknown[];
  /** set: the value. */
  value?: unknown;
  /** get/call: the handle the result gets. */
  result?: string;
}

export interface LoadedItem {
  handle: string;
  props: Record<string, unknown>;
}

export interface BatchAnswer {
  /** Loaded properties by handle (a collection's `items` as LoadedItem[]). */
  loaded: Record<string, Record<string, unknown>>;
  /** ClientResult values by handle (getXml, getCount). */
  values: Record<string, unknown>;
  /** isNullObject of the results of *OrNullObject calls. */
  nulls: Record<string, boolean>;
  /** The first failed op ends the batch, as OfficeExtension.Error. */
  error?: { code: string; message: string };
}

/** A proxy passed as an argument. */
export const isHandleRef = (value: unknown): value is { handle: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { handle?: unknown }).handle === 'string';
