// Moved to the test factories; kept for importers outside this module until they import from there.
export * from '../../test/factories/support.js';
