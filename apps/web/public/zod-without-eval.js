// zod 4 probes `new Function('')` when the first schema is built, to decide whether it may compile
// validators; the page's Content-Security-Policy forbids eval, so the probe itself is a violation.
// zod reads its settings from this global when it loads. A classic script in <head> runs before any
// module of the app, which a module of the bundle cannot promise (its imports are evaluated first);
// `defer` keeps it from holding the first paint, and deferred scripts still run in document order.
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, { jitless: true });
