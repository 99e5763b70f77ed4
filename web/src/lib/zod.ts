import { z } from 'zod';

// Zod parses without compiling code in the browser. The CSP forbids eval, and Zod's probe for it
// (`new Function`, made as the first object schema is built) was reported as a CSP violation on
// every page load. The web app's own schemas take `z` from here, so the setting comes first; the
// contract's are built on first use, after start-up.
z.config({ jitless: true });

export { z };
