// From a zod schema's first issue to the API's error: each request schema
// names, per field, the code its issues answer with (or a check names its own
// code in `params.code`), and the German message is the schema's own. The
// first issue wins: zod reports an object's fields in the order of its shape,
// which is the order the API checks them in.
import type { z } from 'zod';
import { AppError, fail, ok, type ErrorCode, type Result } from '../errors.js';

/** What a field's code may depend on: the kind of zod issue and the value. */
export interface IssueView {
  readonly code: string;
  readonly input?: unknown;
}

/** The code of a field's issues: one code, or one chosen by the zod issue. */
export type IssueCode = ErrorCode | ((issue: IssueView) => ErrorCode);

interface FieldCodes {
  code: IssueCode;
  /** Every code the field answers with, in the order the API documents them. */
  all: readonly ErrorCode[];
}

const issueCodes = new WeakMap<z.ZodType, FieldCodes>();

/**
 * `schema`, answering its issues with `code`; `alsoAnswers`: the codes its
 * checks name (withCode) or `code` chooses. Call it last: `.meta()` and the
 * like make a copy.
 */
export function coded<Schema extends z.ZodType>(
  schema: Schema,
  code: IssueCode,
  alsoAnswers: readonly ErrorCode[] = [],
): Schema {
  const all = typeof code === 'function' ? alsoAnswers : [code, ...alsoAnswers];
  issueCodes.set(schema, { code, all });
  return schema;
}

/** The codes a request can be refused with: its own, then each field's, in order. */
export function requestErrorCodes(schema: z.ZodObject): ErrorCode[] {
  const owners = [schema, ...Object.values(schema.shape)];
  return [...new Set(owners.flatMap((owner) => issueCodes.get(owner)?.all ?? []))];
}

/** The parameters of a check that answers with its own code. */
export const withCode = (code: ErrorCode, error: string | ((input: unknown) => string)) => ({
  error: typeof error === 'string' ? error : (issue: { input?: unknown }) => error(issue.input),
  params: { code },
  abort: true,
});

function codeOf(schema: z.ZodObject, issue: z.core.$ZodIssue): ErrorCode {
  const own = issue.code === 'custom' ? (issue.params as { code?: ErrorCode })?.code : undefined;
  if (own !== undefined) return own;
  const [field] = issue.path;
  const owner = field === undefined ? schema : schema.shape[String(field)];
  const code = owner === undefined ? undefined : issueCodes.get(owner)?.code;
  if (code === undefined) throw new Error(`no error code for the issue at ${issue.path.join('.')}`);
  return typeof code === 'function' ? code(issue) : code;
}

/** The request as the schema reads it, or the API error of its first issue. */
export function parseRequest<Schema extends z.ZodObject>(
  schema: Schema,
  input: unknown,
): Result<z.output<Schema>> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return ok(result.data);
  const [issue] = result.error.issues;
  if (issue === undefined) throw new Error('zod failed without an issue');
  return fail(new AppError(codeOf(schema, issue), issue.message));
}
