import { describe, expect, it } from 'vitest';
import { clusterSkipReason, DEFAULT_REDIS_URL, runClusterScenario, type ScenarioResult } from './run.js';

/**
 * The short form of the cluster test (bench/cluster.ts runs it longer and adds throughput): three
 * servers behind nginx on PostgreSQL and Redis, customers placing orders through nginx while every
 * server is restarted in turn and one is killed.
 */
const skip = await clusterSkipReason();
// CI requires Redis (.ci/run starts one): a missing one fails there rather than skipping this test.
if (skip?.startsWith('Redis') && process.env.CI) throw new Error(`cluster.process.test.ts: CI requires Redis: ${skip}`);
if (skip) console.log(`SKIPPED cluster.process.test.ts: ${skip}`);

const summary = (r: ScenarioResult) =>
  JSON.stringify(
    {
      requests: r.records.length,
      rolling: r.failures.rolling.slice(0, 5),
      kill: r.failures.kill.slice(0, 5),
      other: r.failures.other.slice(0, 5),
    },
    null,
    1,
  );

describe.skipIf(!!skip)('three servers behind nginx (PostgreSQL, Redis)', () => {
  it('loses no request in a rolling restart, only in-flight ones in a kill, and no order anywhere', async () => {
    const lines: string[] = [];
    const r = await runClusterScenario({
      adminUrl: process.env.TEST_DATABASE_URL ?? '',
      redisUrl: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
      steadySeconds: 3,
      log: (line) => lines.push(line),
    });
    const by = (phase: string) => r.records.filter((x) => x.phase === phase).length;
    console.log(
      `cluster: ${r.records.length} requests (rolling restart ${by('rolling')}, kill ${by('kill')}); ` +
        `failed: rolling ${r.failures.rolling.length}, kill ${r.failures.kill.length} of ${r.inFlightAtKill} in flight, ` +
        `other ${r.failures.other.length}; ${r.submitted} orders acknowledged; ` +
        `price seen in ${r.priceSeenMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}; login answers ${r.throttle.join(' ')}`,
    );

    for (const f of [...r.failures.rolling, ...r.failures.kill, ...r.failures.other])
      console.log(
        `cluster: failed (${f.phase}): ${f.method} ${f.path} -> ${f.status || f.error} after ${Math.round(f.ms)} ms`,
      );
    expect(by('rolling')).toBeGreaterThan(20);
    expect(r.restartExitCodes).toEqual([0, 0, 0]);
    expect(r.failures.rolling, summary(r)).toEqual([]);
    expect(r.failures.other, summary(r)).toEqual([]);
    expect(r.failures.kill.length, summary(r)).toBeLessThanOrEqual(r.inFlightAtKill);

    expect(r.submitted).toBeGreaterThan(0);
    expect(r.orders.missing).toEqual([]);
    expect(r.orders.duplicated).toEqual([]);

    for (const ms of r.priceSeenMs) expect(ms).toBeLessThan(1_000);

    // Limit 5 a minute for one username, whichever server answers.
    expect(r.throttle.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(r.throttle.slice(5)).toEqual([429, 429, 429, 429]);

    for (const s of r.sessions) {
      expect(s.revisions[0], s.username).toBeDefined();
      expect(new Set(s.revisions).size, `${s.username}: ${s.revisions.join(', ')}`).toBe(1);
    }
  }, 600_000);
});
