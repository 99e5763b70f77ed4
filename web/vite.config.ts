import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { screenShells } from './src/app/screen-shells';

const API_TARGET = 'http://localhost:3000';

/**
 * Preloads the first screen's chunk from the HTML. The build reads the route table
 * (src/app/router.tsx: `'/path': screen(access, () => import('...'))`), finds each screen's chunk
 * and the chunks it imports (less those the entry already brings), and writes a small module script,
 * loaded `async` from index.html beside the entry, that adds a `<link rel=modulepreload>` for each
 * file of the current path's screen. So the screen's code downloads while the entry does, instead of
 * after the entry has run and the router has asked for it. An external file, not an inline
 * script: the Content-Security-Policy allows scripts from 'self' only.
 */
function preloadFirstScreen(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'wholesale:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const routerFile = path.join(root, 'src/app/router.tsx');
      const table = fs.readFileSync(routerFile, 'utf8');
      const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const file of start) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('preload-first-screen: no entry chunk');
      const initial = closure([entry.fileName]);
      const screens: Record<string, string[]> = {};
      // The back office's screens are left out: every buyer's first visit downloads this map.
      const staffRoutes = new Set<string>();
      for (const [, route, access, spec] of table.matchAll(
        /'(\/[^']*)':\s*screen\(\s*'(\w+)',\s*\(\) => import\('([^']+)'\)/g,
      )) {
        if (access === 'staff') staffRoutes.add(route!);
        const base = path.resolve(path.dirname(routerFile), spec!);
        const chunk = byModule.get(`${base}.tsx`) ?? byModule.get(`${base}.ts`);
        if (!chunk) throw new Error(`preload-first-screen: no chunk for ${route} (${spec})`);
        screens[route!] = [...closure([chunk.fileName])].filter((f) => !initial.has(f)).map((f) => `/${f}`);
      }
      if (Object.keys(screens).length === 0) throw new Error(`preload-first-screen: no routes read from ${routerFile}`);
      // One small script per page: index.html's names the screens without a page of their own
      // (screen-shells.ts), each screen page's names its own screen only.
      const scriptFor = (map: Record<string, string[]>) => {
        const source =
          `const s=${JSON.stringify(map)},p=location.pathname.replace(/\\/+$/,"")||"/";` +
          `for(const h of s[p]||[]){const l=document.createElement("link");` +
          `l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}\n`;
        const fileName = `assets/first-screen-${crypto.createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        fs.writeFileSync(path.join(outDir, fileName), source);
        return `<script type="module" async crossorigin src="/${fileName}"></script>`;
      };
      const htmlFile = path.join(outDir, 'index.html');
      const html = fs.readFileSync(htmlFile, 'utf8');
      // After the stylesheet and the entry, so the first paint's CSS is asked for first.
      if (!html.includes('</head>')) throw new Error('preload-first-screen: no </head> in index.html');
      const withScript = (tag: string) => html.replace('</head>', `  ${tag}\n  </head>`);
      const rest = Object.fromEntries(
        Object.entries(screens).filter(([route]) => !(route in screenShells) && !staffRoutes.has(route)),
      );
      fs.writeFileSync(htmlFile, withScript(scriptFor(rest)));
      writeScreenShells(outDir, Object.keys(screens), (route) => withScript(scriptFor({ [route]: screens[route]! })));
    },
  };
}

/**
 * Writes `screens/<path>.html` for each screen with a static shell of its own (src/app/screen-shells.ts):
 * index.html with the screen's markup in `#app-shell` and its tab title. The server sends it for
 * that path (server/src/app.ts), so the first paint shows the screen's heading.
 */
function writeScreenShells(outDir: string, routes: string[], htmlFor: (route: string) => string) {
  for (const [route, { title, html: markup }] of Object.entries(screenShells)) {
    if (!routes.includes(route)) throw new Error(`screen shells: ${route} is not a screen in src/app/router.tsx`);
    const html = htmlFor(route);
    // The shell's element up to its closing tag, which index.html indents by four spaces.
    const bar = html.match(/<div id="app-shell" aria-hidden="true">[\s\S]*?\n {4}<\/div>\n/);
    if (!bar) throw new Error('screen shells: no #app-shell in index.html');
    const page = html
      .replace('<title>Wholesale Portal</title>', `<title>${title}</title>`)
      .replace(bar[0], `<div id="app-shell" aria-hidden="true">${markup}</div>\n`);
    if (page === html) throw new Error(`screen shells: could not write ${route}`);
    const file = path.join(outDir, 'screens', `${route.slice(1)}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page);
  }
}

/**
 * Writes `.br` and `.gz` beside every text asset and index.html after the build; the server sends
 * them (@fastify/static `preCompressed`) to clients that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wholesale:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
        const data = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFirstScreen(), precompress()],
  resolve: {
    // Every `import ... from 'zod'` gets Zod set to parse without eval (src/lib/zod.ts).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod.ts') }],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/pay': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // No vendor groups: a group the entry imports from is preloaded whole, so the entry chunk holds
    // only what the shell needs and each screen's libraries load with the screen (size budget in
    // scripts/size-budget.mjs).
    rolldownOptions: {
      output: {
        // The state libraries and the shell's api stay one chunk, as they were before the back office
        // imported them too: left to itself the bundler splits them by importer (the staff screens
        // use Redux without the buyer's api), and the buyer's initial JS pays about 2.5 kB gzipped for
        // the extra files. Everything in this group is needed at start anyway.
        codeSplitting: {
          groups: [
            {
              name: 'base-api',
              test: /node_modules[\\/](@reduxjs[\\/]toolkit|react-redux|redux|redux-thunk|reselect|immer)[\\/]|src[\\/]lib[\\/](base-api|session|connection|navigation|view-as)\.ts$/,
            },
          ],
        },
        // The staff back office (web/src/features/staff/) is budgeted apart from the buyer's code:
        // a chunk with its modules and no other app code (libraries only the back office uses, such
        // as TanStack Table, may be in it) is named staff-*.js (scripts/size-budget.mjs).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/src/features/staff/')) &&
          chunk.moduleIds.every((id) => id.includes('/src/features/staff/') || id.includes('/node_modules/'))
            ? 'assets/staff-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
