/**
 * `npm run bench`: every benchmark in one run, each in its own process, one after another (so they
 * do not compete for the CPU). Each prints its figures beside its baseline and writes
 * bench/.output/<name>.json; this prints a closing list of what ran and how it ended, and writes
 * bench/.output/summary.json. PostgreSQL parts run when TEST_DATABASE_URL is set.
 *
 *   npm run bench                      # all
 *   npm run bench -- throughput search # some, by name
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, writeOutput } from './lib.js';

const ALL = [
  'throughput',
  'place-order',
  'search',
  'login-flood',
  'outages',
  'pdf-starvation',
  'webhooks',
  'mail',
  'erp-push',
  'erp-contention',
  'quick-order',
  'lighthouse',
];
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !ALL.includes(w));
if (unknown.length) {
  console.error(`bench: unknown benchmark(s) ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}

// Benchmarks run against the server as production runs it.
await new Promise<void>((resolve, reject) => {
  const b = spawn(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  b.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`server build failed (${code})`))));
});

const results: { name: string; exitCode: number | null; seconds: number }[] = [];
for (const name of wanted.length ? wanted : ALL) {
  const file = path.join(ROOT, 'bench', `${name}.ts`);
  if (!fs.existsSync(file)) {
    console.log(`\n=== ${name}: bench/${name}.ts is not there, skipped ===`);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const exitCode = await new Promise<number | null>((resolve) => {
    // --expose-gc: a bench may collect garbage between measurements (search.ts does).
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', file], { cwd: ROOT, stdio: 'inherit' });
    child.once('exit', (code) => resolve(code));
  });
  results.push({ name, exitCode, seconds: Math.round((Date.now() - started) / 100) / 10 });
}

console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.name.padEnd(14)} ${r.exitCode === 0 ? 'ran' : `FAILED (exit ${r.exitCode})`} in ${r.seconds} s`);
writeOutput('summary.json', { results });
process.exit(results.every((r) => r.exitCode === 0) ? 0 : 1);
