// What Excel's host does to a request (one context.sync) before and after it
// runs it, beyond the API itself: Excel on the web's payload limit, and a
// request failing for reasons of the moment.
//
// Excel on the web: "payload size limit for requests and responses of 5MB"
// (Microsoft Learn, "Resource limits and performance optimization for Office
// Add-ins", learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization);
// past it the request fails with RequestPayloadSizeLimitExceeded, or its
// answer with ResponsePayloadSizeLimitExceeded (Excel JavaScript API error
// codes). Desktop Excel documents no such limit. The limit is on the whole
// request and answer, so it holds for a range's formulas and values read in
// one request as much as for the custom XML parts.
import type { BatchAnswer, BatchOp } from './batchProtocol.js';

export const WEB_PAYLOAD_MAX_BYTES = 5 * 1024 * 1024;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

const failed = (code: string, message: string): BatchAnswer => ({
  loaded: {},
  values: {},
  nulls: {},
  error: { code, message },
});

const touchesCustomXmlParts = (ops: readonly BatchOp[]) =>
  ops.some((op) => op.name === 'customXmlParts');

export interface RequestLimits {
  /** Excel on the web: requests and answers over 5 MB fail. */
  payloadLimit: boolean;
  /**
   * The next this many requests that reach the custom XML parts fail with a
   * GeneralException, as a request of the moment can (a busy host, the web's
   * load): the add-in must try again, never take the workbook as empty.
   */
  failingPartRequests: number;
}

/** Runs requests under the limits; `seen`: the largest request and answer, in bytes. */
export function requestGuard(limits: RequestLimits) {
  const seen = { largestRequest: 0, largestAnswer: 0 };
  const run = async (
    ops: BatchOp[],
    execute: (ops: BatchOp[]) => Promise<BatchAnswer>,
  ): Promise<BatchAnswer> => {
    if (limits.failingPartRequests > 0 && touchesCustomXmlParts(ops)) {
      limits.failingPartRequests -= 1;
      return failed('GeneralException', 'An internal error has occurred.');
    }
    const size = bytes(ops);
    seen.largestRequest = Math.max(seen.largestRequest, size);
    if (limits.payloadLimit && size > WEB_PAYLOAD_MAX_BYTES) {
      return failed(
        'RequestPayloadSizeLimitExceeded',
        'The request payload size has exceeded the limit.',
      );
    }
    const answer = await execute(ops);
    const answered = bytes(answer);
    seen.largestAnswer = Math.max(seen.largestAnswer, answered);
    if (limits.payloadLimit && answered > WEB_PAYLOAD_MAX_BYTES) {
      return failed(
        'ResponsePayloadSizeLimitExceeded',
        'The response payload size has exceeded the limit.',
      );
    }
    return answer;
  };
  return { run, seen };
}
