// What the file routes share: the year's download address as a pattern, and
// the local file a route reads (the import downloads first; a route never does).
import { z } from 'zod';
import type { RouteInput } from '../zoneRoute.js';

export const yearUrlSchema = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'url must be a web address')
  .refine((url) => URL.canParse(url.replace('{year}', '2024')), { message: 'url is no address' });

/** The year's download address. */
export function yearUrl(pattern: string, year: number): string {
  return pattern.replaceAll('{year}', String(year));
}

export function fileOf(input: RouteInput, kind: string): string {
  if ('file' in input) return input.file;
  throw new Error(`the ${kind} route reads a downloaded file, not ${input.url}`);
}
