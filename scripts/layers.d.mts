// Types of layers.mjs, for the tests that read the layering table.
export const ROOT: '(root)';
export const SERVER_LAYERS: readonly (readonly string[])[];
export function layerOf(folder: string): number | undefined;
export function forbiddenFor(folder: string): string[];
export function folderOf(path: string): string | undefined;
export const PARTS: Readonly<Record<string, readonly string[]>>;
export const SERVER: 'server/src';
export const DEEP_CHECKED_PARTS: readonly string[];
