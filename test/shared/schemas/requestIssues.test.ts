import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '#shared/errors.js';
import { coded, parseRequest, withCode } from '#shared/schemas/requestIssues.js';

const request = coded(
  z.object(
    {
      address: coded(z.string({ error: 'Adresse fehlt.' }), ErrorCode.missingAddress),
      format: coded(
        z.enum(['json', 'xml'], { error: 'Format falsch.' }).default('json'),
        ErrorCode.invalidFormat,
      ),
      stichtag: coded(
        z
          .string()
          .refine((day) => day !== 'morgen', withCode(ErrorCode.invalidStichtag, 'Nicht morgen.'))
          .optional(),
        ErrorCode.invalidBody,
      ),
    },
    { error: 'Kein Objekt.' },
  ),
  ErrorCode.invalidBody,
);

describe('parseRequest', () => {
  it('answers with the first field in the order of the shape, with its code and message', () => {
    const result = parseRequest(request, { format: 'csv', stichtag: 'morgen' });
    expect(result.ok).toBe(false);
    expect(!result.ok && [result.error.code, result.error.message]).toEqual([
      ErrorCode.missingAddress,
      'Adresse fehlt.',
    ]);
    const second = parseRequest(request, { address: 'a', format: 'csv' });
    expect(!second.ok && second.error.code).toBe(ErrorCode.invalidFormat);
  });

  it('takes a check’s own code over its field’s', () => {
    const result = parseRequest(request, { address: 'a', stichtag: 'morgen' });
    expect(!result.ok && [result.error.code, result.error.message]).toEqual([
      ErrorCode.invalidStichtag,
      'Nicht morgen.',
    ]);
  });

  it('answers a value that is no object with the schema’s own code', () => {
    const result = parseRequest(request, ['a']);
    expect(!result.ok && [result.error.code, result.error.message]).toEqual([
      ErrorCode.invalidBody,
      'Kein Objekt.',
    ]);
  });

  it('gives the parsed request with its defaults', () => {
    expect(parseRequest(request, { address: 'a' })).toEqual({
      ok: true,
      value: { address: 'a', format: 'json' },
    });
  });

  it('refuses to guess a code for a field that names none', () => {
    const uncoded = z.object({ address: z.string() });
    expect(() => parseRequest(uncoded, {})).toThrow(/no error code/);
  });
});

describe('the shared core the add-ins bundle', () => {
  it('imports no zod: shared/src/index.ts does not reach schemas/', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/from 'zod'/);
      // Type-only imports vanish from the bundle.
      for (const [, kind, target] of source.matchAll(
        /^(?:import|export)(\s+type)?(?:[^'";]*?from)?\s*'(\.[^']+)'/gm,
      )) {
        if (kind === undefined && target !== undefined) {
          visit(resolve(dirname(file), target.replace(/\.js$/, '.ts')));
        }
      }
    };
    visit(resolve(import.meta.dirname, '../../../shared/src/index.ts'));
    expect(seen.size).toBeGreaterThan(10);
  });
});
