// Runs before the app (a deferred script ahead of the module entry): zod compiles no parser with
// `new Function`, which our Content-Security-Policy (script-src 'self') refuses, and skips its probe.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
