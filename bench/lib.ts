/** What the benchmarks share: arguments, percentiles, free ports, the real server in a child process. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { routes, pathOf } from '@wholesale/contract';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** `--name=N` from the command line, a positive whole number, or the fallback. */
export function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = hit ? Number(hit.split('=')[1]) : fallback;
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number`);
  return n;
}

/** The p-th percentile of ascending samples (nearest rank). */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

export async function waitForHealth(base: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}${pathOf(routes.getHealth)}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

// Plain-JS helpers shared with the npm scripts (no type declarations).
const commonModule = '../scripts/common.mjs';
const { ensureServerBuilt } = (await import(commonModule)) as { ensureServerBuilt: () => Promise<void> };

/**
 * How production starts the server (`npm start`): compiled JS, compiled first when missing or older
 * than its sources, so a bench never times yesterday's server.
 */
export async function serverCommand(): Promise<string[]> {
  await ensureServerBuilt();
  return [path.join(ROOT, 'server/dist/main.js')];
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The real server in its own process, as in production, with `env` on top of quiet defaults. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, await serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    child,
    stop: () => stopChild(child),
  };
}

/** bench/bare-server.ts (a bare Fastify route, the baseline) in its own process. */
export async function startBareServer(): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return { base, child, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill();
  await new Promise((r) => child.once('exit', r));
}

export const loadLine = () =>
  `node ${process.version}, ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** Writes a result file under bench/.output and says where. */
export function writeOutput(name: string, data: unknown): void {
  const out = path.join(ROOT, 'bench/.output', name);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      { at: new Date().toISOString(), node: process.version, loadAverage: os.loadavg(), ...(data as object) },
      null,
      2,
    ),
  );
  console.log(`written to ${path.relative(process.cwd(), out)}`);
}
