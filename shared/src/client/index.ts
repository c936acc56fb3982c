// Pure helpers for the Excel add-in and the Sheets add-on.
export * from './lookupValue.js';
export * from './apiErrors.js';
export * from './cellMessages.js';
