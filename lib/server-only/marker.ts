/**
 * `import "#server-only";` marks a module that holds the database, Redis or the queues. Outside a
 * browser bundle (Next's server layers, the worker, scripts, vitest) `#server-only` is this empty
 * module; in a browser bundle package.json's `imports` maps it to ./browser.ts, which fails the
 * Next build. Plain Node needs no flag: the bare `server-only` package throws there.
 */
export {};
