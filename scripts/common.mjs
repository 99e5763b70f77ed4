// Helpers shared by start, dev, test and e2e scripts. Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = 'server/src/main.ts';
/** What production runs: the compiled server (scripts/build-server.mjs). */
export const SERVER_BUILD = 'server/dist/main.js';
/** Playwright's JSON report; e2e/playwright.config.ts writes it to the same place. */
export const E2E_RESULTS = path.join(ROOT, 'e2e/.output/results.json');

/** Newest modification time (ms) of a file or of any file below a directory; 0 when missing. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why `output` needs building from `sources` (paths below ROOT), or null when it is current. */
function staleReason(output, sources) {
  const built = newestMtime(path.join(ROOT, output));
  if (!built) return `${output} is missing`;
  const changed = sources.find((source) => newestMtime(path.join(ROOT, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Why web/dist needs a build, or null when it is current. */
export const webBuildReason = () =>
  staleReason('web/dist/index.html', [
    'web/src',
    'web/index.html',
    'web/public',
    'web/vite.config.ts',
    'web/package.json',
    'contract/src',
  ]);

/** Build the web app when web/dist is missing or older than its sources. */
export async function ensureWebBuilt() {
  const reason = webBuildReason();
  if (!reason) return;
  console.log(`> Building the web app (${reason}): npm run build -w web`);
  const started = Date.now();
  const code = await run('npm', ['run', 'build', '-w', 'web']);
  if (code !== 0) {
    console.error(`> Web build failed (exit ${code}).`);
    process.exit(code || 1);
  }
  console.log(`> Web app built in ${seconds(Date.now() - started)}`);
}

/** Why server/dist/main.js needs a build, or null when it is current. */
export const serverBuildReason = () =>
  staleReason(SERVER_BUILD, ['server/src', 'contract/src', 'server/package.json', 'scripts/build-server.mjs']);

/** Compile the server when server/dist is missing or older than its sources (well under a second). */
export async function ensureServerBuilt() {
  const reason = serverBuildReason();
  if (!reason) return;
  console.log(`> Compiling the server (${reason}): npm run build:server`);
  const code = await run(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')]);
  if (code !== 0) {
    console.error(`> Server build failed (exit ${code}).`);
    process.exit(code || 1);
  }
}

/**
 * Spawn a child in its own process group and make this process its only signal source: a Ctrl-C
 * reaches just us, and we pass SIGINT/SIGTERM/SIGHUP on exactly once (a child that got the
 * terminal's SIGINT and ours too would abort its graceful shutdown). If we exit, its group goes too.
 */
/** The signal that interrupted us while a managed child ran, so callers stop instead of going on. */
export let interrupted = null;

export function spawnManaged(command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
    ...options,
    detached: true,
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const handlers = signals.map((signal) => {
    const handler = () => {
      interrupted = signal;
      killGroup(child, signal);
    };
    process.on(signal, handler);
    return [signal, handler];
  });
  const onExit = () => killGroup(child, 'SIGTERM');
  process.on('exit', onExit);
  child.on('exit', () => {
    handlers.forEach(([signal, handler]) => process.off(signal, handler));
    process.off('exit', onExit);
  });
  return child;
}

/** Signal a managed child's whole process group (it may have children of its own). */
export function killGroup(child, signal) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Run a command to completion; resolve to its exit code (128+n when killed by a signal). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawnManaged(command, args, options);
    child.on('error', (err) => {
      console.error(`> Could not start ${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  const signals = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return 128 + (signals[signal] ?? 1);
}

export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
