/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that once. Under the
 * shop's Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation,
 * even though Zod catches it; its `jitless` setting skips the probe and the compiled parsers.
 *
 * Set through the global object Zod keeps its configuration in (`z.config()` writes the same object),
 * so that the first page does not load Zod just to configure it: Zod itself comes later, with the
 * forms. zod-config.test.ts checks that Zod still reads it from there.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
