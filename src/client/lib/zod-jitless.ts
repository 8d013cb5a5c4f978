/**
 * zod decides once whether it may compile its parsers by calling `new Function('')`; under the
 * site's policy (no 'unsafe-eval') the call throws, which zod expects, but the browser reports it
 * as a policy violation on every page that parses, under the eyes of any tracking tag listening
 * for them. `jitless` skips the probe. It is set on the object zod's `config()` writes (shared by
 * every copy of zod through this global) so that the entry does not carry zod itself; imported
 * first by main.tsx, before any module can parse.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
