// pctenc, ready to use: loads the WebAssembly module with top-level await, so every function
// is synchronous from the first line that imports it. Where top-level await is not wanted
// (an old bundler target, a module served from elsewhere), import 'pctenc/manual' and call
// `await init(source)` yourself.
import { init } from './manual.js';

await init();

export * from './manual.js';
