// The page's security policy allows no eval: zod must not even probe for it (the probe is reported
// as a policy violation). Imported first by main.tsx, before any module can parse with a schema.
// Set through the global object zod's core reads its settings from (zod/v4/core/core.js keeps
// `globalThis.__zod_globalConfig`, and `z.config` writes there), so the sign-in bundle, which parses
// nothing, carries no zod code at all (docs/rules.md#performance-budgets).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
