import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../db/testing.js';
import type { DbHandle } from '../../db/client.js';
import { insertAccount, insertUser } from '../../test/fixtures.js';
import { periodic, type PeriodicJob } from './periodic.js';
import { composeStore } from '../../compose.js';
import { EVENT_RETENTION_DAYS } from '../events/events.service.js';
import { leaseRepository } from './lease.repository.js';

const EVERY = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe.each(testEngines())('periodic work once per tick across servers on $name', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A job that records which server ran it at which time. */
  function counted(name: string, runs: string[], who: () => string): PeriodicJob {
    return { name, everyMs: EVERY, run: async (now) => void runs.push(`${who()}@${now.getTime()}`) };
  }

  it('runs on one server per tick while three tick, and another takes over when the holder dies', async () => {
    const runs: string[] = [];
    const servers = ['a', 'b', 'c'].map((id) => {
      const job = counted('job-1', runs, () => id);
      return { id, p: periodic(leaseRepository(handle.db), [job], { holder: id }) };
    });
    // Ten ticks; the three servers tick at the same moment (the worst case) and race for the lease.
    for (let i = 0; i < 10; i++) await Promise.all(servers.map((s) => s.p.tick(at(i * EVERY))));
    expect(runs).toHaveLength(10);
    const holder = runs[0]!.split('@')[0];
    expect(runs.every((r) => r.startsWith(`${holder}@`))).toBe(true);

    // The holder dies after its tick at 9 * EVERY (no release): its lease lasts two ticks, to 11 * EVERY.
    const others = servers.filter((s) => s.id !== holder);
    runs.length = 0;
    for (const t of [10, 10.9]) for (const s of others) await s.p.tick(at(t * EVERY));
    expect(runs).toEqual([]);
    for (const t of [11.1, 12, 13]) await Promise.all(others.map((s) => s.p.tick(at(t * EVERY))));
    expect(runs).toHaveLength(3);
    expect(new Set(runs.map((r) => r.split('@')[0])).size).toBe(1);
    expect(runs[0]!.split('@')[0]).not.toBe(holder);
  });

  it('gives its leases up when it stops cleanly, so the next tick elsewhere runs at once', async () => {
    const runs: string[] = [];
    const a = periodic(leaseRepository(handle.db), [counted('job-2', runs, () => 'a')], { holder: 'a' });
    const b = periodic(leaseRepository(handle.db), [counted('job-2', runs, () => 'b')], { holder: 'b' });
    expect(await a.tick(new Date())).toEqual(['job-2']);
    expect(await b.tick(new Date())).toEqual([]);
    await a.stop();
    expect(await b.tick(new Date())).toEqual(['job-2']);
    expect((await leaseRepository(handle.db).find('job-2'))?.holder).toBe('b');
    await b.stop();
  });

  it('keeps ticking after a run fails, and the failure is logged', async () => {
    const errors: string[] = [];
    let n = 0;
    const job: PeriodicJob = {
      name: 'job-3',
      everyMs: EVERY,
      run: async () => {
        n += 1;
        if (n === 1) throw new Error('boom');
      },
    };
    const p = periodic(leaseRepository(handle.db), [job], { holder: 'x', log: (m) => errors.push(m) });
    expect(await p.tick(at(0))).toEqual([]);
    expect(errors).toEqual(['periodic job-3: boom']);
    expect(await p.tick(at(EVERY))).toEqual(['job-3']);
    expect(n).toBe(2);
  });

  it('housekeeping deletes expired one-time and refresh tokens and events past their retention, and keeps live ones', async () => {
    const userId = await insertUser(handle.db, await insertAccount(handle.db), `hk-${engine.name}`);
    const now = new Date();
    const past = new Date(now.getTime() - 1000).toISOString();
    const future = new Date(now.getTime() + 60_000).toISOString();
    await handle.db
      .insertInto('one_time_tokens')
      .values([
        { token_hash: 'old', user_id: userId, created_at: past, expires_at: past },
        { token_hash: 'new', user_id: userId, created_at: past, expires_at: future },
      ])
      .execute();
    await handle.db
      .insertInto('refresh_tokens')
      .values([
        { family_id: 'f1', user_id: userId, token_hash: 'r-old', created_at: past, expires_at: past },
        { family_id: 'f2', user_id: userId, token_hash: 'r-new', created_at: past, expires_at: future },
      ])
      .execute();
    const old = new Date(now.getTime() - (EVENT_RETENTION_DAYS + 1) * 86_400_000).toISOString();
    await handle.db
      .insertInto('outbox_events')
      .values([
        { event_id: 'evt_old', type: 'order.placed', account_id: null, payload: '{}', created_at: old },
        { event_id: 'evt_new', type: 'order.placed', account_id: null, payload: '{}', created_at: past },
      ])
      .execute();
    const p = periodic(leaseRepository(handle.db), composeStore(handle.db).housekeepingJobs(), { holder: 'hk' });
    expect(await p.tick(now)).toEqual(['expired-tokens', 'old-idempotency-keys', 'old-events']);
    const events = await handle.db.selectFrom('outbox_events').select('event_id').execute();
    expect(events.map((e) => e.event_id)).toEqual(['evt_new']);
    const oneTime = await handle.db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(oneTime.map((r) => r.token_hash)).toEqual(['new']);
    const refresh = await handle.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(refresh.map((r) => r.token_hash)).toEqual(['r-new']);
    await p.stop();
  });
});
