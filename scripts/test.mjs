// `npm test`: the one command that runs everything, in order: lint, typecheck, vitest (unit, API,
// component; API suites also run on PostgreSQL when TEST_DATABASE_URL is set), the web bundle's
// size budget (scripts/size-budget.mjs, on the build that the browser journeys use; counted as one
// test), then the browser journeys (scripts/e2e.mjs). Stops at the first failing phase. The last line is always
// `tests: N passed, N failed[, N skipped]`.
//
//   node scripts/test.mjs [--skip-e2e]
import { onSupportedNode } from './supported-node.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_RESULTS, ensureWebBuilt, interrupted, ROOT, run, seconds } from './common.mjs';

await onSupportedNode();

const args = process.argv.slice(2);
const skipE2e = args.includes('--skip-e2e');
const unknown = args.filter((a) => a !== '--skip-e2e');
if (unknown.length) {
  console.error(`test: unknown argument(s) ${unknown.join(' ')}; usage: node scripts/test.mjs [--skip-e2e]`);
  process.exit(2);
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-test-'));
const vitestJson = path.join(outDir, 'vitest.json');
const counts = { passed: 0, failed: 0, skipped: 0 };
const timings = [];

if (skipE2e) banner('--skip-e2e: the browser journeys will NOT run. This is not a full test run.');
if (process.env.TEST_DATABASE_URL) {
  console.log(`test: API suites also run on PostgreSQL (TEST_DATABASE_URL is set)`);
} else {
  console.log('test: TEST_DATABASE_URL is not set: API suites run on SQLite only');
}

const phases = [
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  {
    name: 'vitest',
    command: process.execPath,
    args: [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${vitestJson}`,
    ],
    count: () => countVitest(vitestJson),
  },
  {
    // Builds web/dist when stale (the e2e phase then reuses that build), then checks its size.
    name: 'size-budget',
    command: process.execPath,
    args: [path.join(ROOT, 'scripts/size-budget.mjs')],
    before: ensureWebBuilt,
    count: (code) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }),
  },
  {
    name: 'e2e',
    skip: skipE2e,
    command: process.execPath,
    args: [path.join(ROOT, 'scripts/e2e.mjs')],
    before: () => fs.rmSync(E2E_RESULTS, { force: true }),
    count: () => countPlaywright(E2E_RESULTS),
  },
];

let failedPhase = null;
for (const phase of phases) {
  if (phase.skip) {
    timings.push(`${phase.name}: SKIPPED`);
    continue;
  }
  console.log(`\n=== ${phase.name} ===`);
  await phase.before?.();
  const started = Date.now();
  const code = await run(phase.command, phase.args);
  const took = seconds(Date.now() - started);
  const counted = phase.count?.(code);
  if (counted) for (const key of Object.keys(counts)) counts[key] += counted[key];
  const ok = code === 0 && !interrupted;
  timings.push(`${phase.name}: ${ok ? 'ok' : `FAILED (exit ${code})`} in ${took}`);
  console.log(`=== ${phase.name} ${ok ? 'passed' : `FAILED (exit ${code})`} in ${took} ===`);
  if (!ok) {
    failedPhase = phase.name;
    break;
  }
}

fs.rmSync(outDir, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const line of timings) console.log(`  ${line}`);
if (failedPhase) console.log(`  stopped at the first failing phase: ${failedPhase}`);
if (interrupted) console.log(`  interrupted by ${interrupted}`);
if (skipE2e) banner('--skip-e2e was given: browser journeys did not run.');
const skippedPart = counts.skipped ? `, ${counts.skipped} skipped` : '';
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed${skippedPart}`);
process.exit(failedPhase ? 1 : 0);

function countVitest(file) {
  const report = readJson(file);
  if (!report) return null;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function banner(text) {
  const bar = '!'.repeat(text.length + 8);
  console.log(`\n${bar}\n!!! ${text} !!!\n${bar}\n`);
}
