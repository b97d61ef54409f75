// Type declarations of the 'pctenc' entry point: the same as 'pctenc/manual', loaded.
export * from './manual.js';
