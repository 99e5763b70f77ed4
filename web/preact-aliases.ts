import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The shipped bundle runs on Preact (preact/compat), not React: React DOM alone is about 60 kB of the
 * 120 kB initial-JS budget (docs/ARCHITECTURE.md, "Code splitting and the size budget"). The
 * production build and the web tests use these aliases, so the tests exercise what ships; the dev
 * server keeps React for Fast Refresh. Exact matches only: `react-dom/client` must not become
 * `preact/compat/client` via the `react-dom` entry.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // CommonJS that require('react') (react-redux uses it): an ES-module port, so the aliases reach it
  // in the tests too; the shim only re-exports useSyncExternalStore, which preact/compat has.
  {
    find: /^use-sync-external-store\/(shim\/)?with-selector(\.js)?$/,
    replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-with-selector.ts', import.meta.url)),
  },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
