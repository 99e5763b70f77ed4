// `npm run build:server`: compiles the server (and the contract it imports) to one ES module,
// server/dist/main.js, which `npm start` runs with plain Node: no TypeScript loader in production.
// The PDF worker (server/src/documents/pdf-worker.ts) becomes server/dist/pdf-worker.js beside it,
// where documents/pdf-pool.ts looks for it.
// npm packages stay external (node_modules); Node's built-ins too.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './common.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'server/package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@wholesale/'));

// --outdir=DIR builds elsewhere (the build test); it must lie inside the repository so the bundle
// finds its npm packages.
const outArg = process.argv.find((a) => a.startsWith('--outdir='));
const outdir = outArg ? path.resolve(outArg.slice('--outdir='.length)) : path.join(ROOT, 'server/dist');

const started = Date.now();
await build({
  entryPoints: [
    { in: path.join(ROOT, 'server/src/main.ts'), out: 'main' },
    { in: path.join(ROOT, 'server/src/documents/pdf-worker.ts'), out: 'pdf-worker' },
  ],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled CommonJS helpers may call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(
  `${path.relative(process.cwd(), path.join(outdir, 'main.js'))} built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
