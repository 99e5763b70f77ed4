// `npm run size`: the web bundle's size budget (docs/performance.md, "Code splitting and the size
// budget"). Reads web/dist/index.html (build first: `npm run build`), gzips (level 9) the entry
// script and every <link rel=modulepreload> it names, and every other JS chunk in web/dist/assets.
// Fails (exit 1) when the initial JS is over INITIAL_LIMIT or any other buyer chunk is over
// CHUNK_LIMIT. The staff back office's chunks (`staff-*.js`: the build names so every chunk made only
// of web/src/features/staff/ code, web/vite.config.ts `chunkFileNames`) are listed apart, each at
// most STAFF_CHUNK_LIMIT, and none may be part of the initial JS. CSS is reported, not budgeted.
//
//   node scripts/size-budget.mjs [--dist web/dist]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './common.mjs';

export const INITIAL_LIMIT = 115 * 1000;
export const CHUNK_LIMIT = 30 * 1000;
export const STAFF_CHUNK_LIMIT = 60 * 1000;
const isStaff = (name) => name.startsWith('staff-');

/**
 * Chunks allowed over CHUNK_LIMIT, each with its own limit and the reason. They load only on an
 * action that needs them, never with a screen.
 */
export const CHUNK_EXCEPTIONS = [
  {
    pattern: /^xlsx-worker-/,
    limit: 270 * 1000,
    reason:
      "Quick Order's .xlsx reader (exceljs, about 263 kB), a Web Worker started only when the buyer chooses an .xlsx file",
  },
];
const exceptionOf = (name) => CHUNK_EXCEPTIONS.find((e) => e.pattern.test(name));
const limitOf = (name) => exceptionOf(name)?.limit ?? CHUNK_LIMIT;

const distArg = process.argv.indexOf('--dist');
const dist = path.resolve(ROOT, distArg > 0 ? process.argv[distArg + 1] : 'web/dist');
const htmlFile = path.join(dist, 'index.html');
if (!fs.existsSync(htmlFile)) {
  console.error(`size-budget: ${path.relative(ROOT, htmlFile)} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const html = fs.readFileSync(htmlFile, 'utf8');

/** Attribute values of the tags in index.html that match `tagPattern` (e.g. the script's src). */
function urls(tagPattern, attribute) {
  const found = [];
  for (const [tag] of html.matchAll(tagPattern)) {
    const value = new RegExp(`\\s${attribute}="([^"]+)"`).exec(tag)?.[1];
    if (value) found.push(value);
  }
  return found;
}

const entries = urls(/<script\b[^>]*type="module"[^>]*>/g, 'src');
const preloads = urls(/<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href');
const styles = urls(/<link\b[^>]*rel="stylesheet"[^>]*>/g, 'href');
if (entries.length === 0) {
  console.error('size-budget: no <script type="module" src=...> in index.html');
  process.exit(1);
}

const fileOf = (url) => path.join(dist, url.replace(/^\//, ''));
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const initial = [...new Set([...entries, ...preloads])].map((url) => ({
  name: path.basename(url),
  kind: entries.includes(url) ? 'entry' : 'modulepreload',
  gz: gzipSize(fileOf(url)),
}));
const initialNames = new Set(initial.map((f) => f.name));
const initialTotal = initial.reduce((sum, f) => sum + f.gz, 0);
const cssTotal = styles.reduce((sum, url) => sum + gzipSize(fileOf(url)), 0);

const assets = path.join(dist, 'assets');
const others = fs
  .readdirSync(assets)
  .filter((name) => name.endsWith('.js') && !initialNames.has(name))
  .map((name) => ({ name, gz: gzipSize(path.join(assets, name)) }))
  .sort((a, b) => b.gz - a.gz);
const chunks = others.filter((c) => !isStaff(c.name));
const staffChunks = others.filter((c) => isStaff(c.name));

const failures = [];
if (initialTotal > INITIAL_LIMIT) failures.push(`initial JS ${kb(initialTotal)} > ${kb(INITIAL_LIMIT)}`);
for (const f of initial.filter((f) => isStaff(f.name))) {
  failures.push(`staff back office chunk ${f.name} is part of the initial JS (load it with its screen)`);
}
for (const chunk of chunks) {
  if (chunk.gz > limitOf(chunk.name)) failures.push(`chunk ${chunk.name} ${kb(chunk.gz)} > ${kb(limitOf(chunk.name))}`);
}
for (const chunk of staffChunks) {
  if (chunk.gz > STAFF_CHUNK_LIMIT) {
    failures.push(`staff chunk ${chunk.name} ${kb(chunk.gz)} > ${kb(STAFF_CHUNK_LIMIT)}`);
  }
}

const width = Math.max(20, ...[...initial, ...others].map((f) => f.name.length));
const row = (name, size, note = '') => `  ${name.padEnd(width)}  ${size.padStart(9)}  ${note}`;
console.log(`size-budget: ${path.relative(ROOT, dist) || '.'} (gzip -9, 1 kB = 1000 B)`);
console.log('\n  initial JS (entry + modulepreload)');
for (const f of [...initial].sort((a, b) => b.gz - a.gz)) console.log(row(f.name, kb(f.gz), f.kind));
console.log(
  row('TOTAL', kb(initialTotal), `${initialTotal > INITIAL_LIMIT ? 'OVER' : 'within'} budget ${kb(INITIAL_LIMIT)}`),
);
console.log(row('CSS (not budgeted)', kb(cssTotal), `${styles.length} file(s)`));
console.log(`\n  other buyer JS chunks (budget ${kb(CHUNK_LIMIT)} each)`);
for (const c of chunks) {
  const exception = exceptionOf(c.name);
  const note =
    c.gz > limitOf(c.name) ? 'OVER' : exception ? `exception (${kb(exception.limit)}): ${exception.reason}` : '';
  console.log(row(c.name, kb(c.gz), note));
}
console.log(`\n  staff back office chunks, staff-*.js (budget ${kb(STAFF_CHUNK_LIMIT)} each, never initial)`);
if (staffChunks.length === 0) console.log('  (none)');
for (const c of staffChunks) console.log(row(c.name, kb(c.gz), c.gz > STAFF_CHUNK_LIMIT ? 'OVER' : ''));

if (failures.length) {
  console.error(`\nsize-budget: FAILED\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nsize-budget: ok (initial ${kb(initialTotal)}, largest other chunk ${kb(chunks[0]?.gz ?? 0)})`);
