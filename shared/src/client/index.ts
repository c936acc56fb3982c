// Pure helpers for the Excel add-in and the Sheets add-on: everything but the transport.
export * from './lookupValue.js';
export * from './apiErrors.js';
export * from './cellMessages.js';
export * from './retryAfter.js';
export * from './responseShape.js';
export * from './lookupOutcome.js';
export * from './batchLookup.js';
export * from './answerRecords.js';
export * from './storedAnswers.js';
export * from './attributionList.js';
export * from './currencyLine.js';
export * from './stichtagArgument.js';
export * from './lookupProgress.js';
export * from './zoneChoice.js';
export * from './zoneTable.js';
export * from './cellNote.js';
export * from './a1Address.js';
