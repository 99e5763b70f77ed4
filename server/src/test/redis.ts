import net from 'node:net';
import type { TestContext } from 'vitest';

/** The Redis the tests share counts through (.ci/run makes sure one answers there in CI). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(port || 6379), hostname);
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.on('connect', () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}

/**
 * For a test that needs Redis. On a developer's machine without one it skips, saying so; in CI
 * (CI=true) a missing Redis fails the test, so a run without it cannot pass by skipping.
 */
export async function requireRedis(t: TestContext, what: string): Promise<void> {
  if (await answers(TEST_REDIS_URL)) return;
  const why = `nothing answers on ${TEST_REDIS_URL}`;
  if (process.env.CI) throw new Error(`${what} needs Redis and CI requires it: ${why}`);
  console.log(`SKIPPED ${what}: ${why}`);
  t.skip();
}
