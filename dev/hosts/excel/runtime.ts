// What the Excel stand-in needs from an add-in runtime: the functions'
// metadata (functions.json) and a way to call a function the way Excel does.
// The add-in runs either in a Node VM (vmRuntime.ts) or in Chromium with the
// task pane (pageRuntime.ts); both load the BUILT add-in.
import type { Value } from './workbook.js';

export interface ParameterMetadata {
  name: string;
  type?: string;
  dimensionality?: string;
  optional?: boolean;
}

export interface FunctionMetadata {
  id: string;
  parameters: ParameterMetadata[];
  options?: {
    stream?: boolean;
    cancelable?: boolean;
    requiresAddress?: boolean;
    volatile?: boolean;
  };
}

/** functions.json as custom-functions-metadata writes it, plus what the build adds. */
export interface FunctionsMetadata {
  functions: FunctionMetadata[];
  allowErrorForDataTypeAny?: boolean;
}

/** A result or an argument: a value, or a matrix of them (a range, a dynamic array). */
export type CallValue = Value | Value[][];

export interface RuntimeCall {
  id: string;
  /** One per declared parameter, null where omitted; error values where the metadata lets them in. */
  args: CallValue[];
  /** The calling cell ("Tabelle1!B2") for a function declared with requiresAddress. */
  address?: string;
}

/** What the host gives the add-in's runtime: the user's device, the workbook file and the Excel API. */
export interface HostBridge {
  /** OfficeRuntime.storage of this user on this device. */
  device: Map<string, string>;
  /** The workbook's saved settings (Office.context.document.settings). */
  settings: Map<string, string>;
  /** Excel.run's batches, with the run's options (delayForCellEdit). */
  sendBatch: (
    runId: number,
    ops: unknown[] | null,
    options?: { delayForCellEdit?: boolean },
  ) => Promise<unknown>;
  /** Office.context.requirements: the sets and versions the host supports. */
  supportedSets: Readonly<Record<string, string>>;
}

export type StartRuntime = (bridge: HostBridge) => Promise<AddinRuntime>;

export interface AddinRuntime {
  metadata: FunctionsMetadata;
  /**
   * Starts a call. `onResult` gets a request/response function's one result
   * (a rejection as an error value) or each result a streaming function sets.
   * Returns the cancel function (Excel's onCanceled).
   */
  invoke(call: RuntimeCall, onResult: (value: CallValue) => void): () => void;
  /** Calls a function directly, as the function-level tests do (the Node runtime only). */
  call?(id: string, args: unknown[], invocation: object): Promise<unknown>;
  close(): Promise<void>;
}
