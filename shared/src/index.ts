// The shared core: pure functions and types used by the server and both add-ins.
export * from './errors.js';
export * from './landUse.js';
export * from './numbers.js';
export * from './rounding.js';
export * from './bodenwertInput.js';
export * from './calculationNotes.js';
export * from './density.js';
export * from './texts.js';
export * from './apiTypes.js';
export type * from './parcelTypes.js';
export * from './stichtag.js';
export * from './utf8.js';
export * from './client/index.js';
