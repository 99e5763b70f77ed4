import * as z from 'zod/v4';

// Zod parses without compiling code in the browser. The CSP forbids eval, and Zod's probe for it
// (`new Function`, made as the first object schema is built) was reported as a CSP violation on
// every page load. The web build resolves every `import ... from 'zod'` (the contract's, the form
// resolvers', the app's) to this module (web/vite.config.ts, `resolve.alias`), so the setting comes
// before any schema is built, in whichever lazily loaded chunk that happens first: Zod is not part
// of the start-up code (docs/performance.md, "Code splitting and the size budget").
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
