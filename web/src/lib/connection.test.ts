import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PROBE_DELAYS_MS,
  connectionDropped,
  connectionWorked,
  followBrowserConnection,
  importWhenConnected,
  isConnectionDropped,
  onConnectionBack,
  resetConnectionForTests,
} from './connection';

describe('connection', () => {
  let reachable: boolean;
  let probes: number;
  beforeEach(() => {
    vi.useFakeTimers();
    reachable = false;
    probes = 0;
    resetConnectionForTests(async () => {
      probes++;
      return reachable;
    });
  });
  afterEach(() => {
    resetConnectionForTests();
    vi.useRealTimers();
  });

  it('is dropped after a request without an answer, probes with growing pauses, and says once when it is back', async () => {
    const back = vi.fn();
    onConnectionBack(back);
    connectionDropped();
    connectionDropped(); // more failing requests do not start more probes
    expect(isConnectionDropped()).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]);
    expect(probes).toBe(1);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1] - 1);
    expect(probes).toBe(1);
    reachable = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toBe(2);
    expect(isConnectionDropped()).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toBe(2); // no probing while the connection works
  });

  it('an answer to any request means it is back; without a drop, nothing happens', () => {
    const back = vi.fn();
    onConnectionBack(back);
    connectionWorked();
    expect(back).not.toHaveBeenCalled();
    connectionDropped();
    connectionWorked();
    expect(back).toHaveBeenCalledTimes(1);
    expect(isConnectionDropped()).toBe(false);
  });

  it("follows the browser: 'offline' drops it at once, 'online' probes at once", async () => {
    const target = new EventTarget() as unknown as Window;
    const stop = followBrowserConnection(target);
    target.dispatchEvent(new Event('offline'));
    expect(isConnectionDropped()).toBe(true);
    reachable = true;
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toBe(1);
    expect(isConnectionDropped()).toBe(false);
    stop();
  });

  it('a chunk that does not come while the server cannot be reached waits for the connection, then loads', async () => {
    let answer: 'fail' | 'ok' = 'fail';
    const load = vi.fn(() => (answer === 'ok' ? Promise.resolve('module') : Promise.reject(new TypeError('fetch'))));
    const loaded = vi.fn();
    void importWhenConnected(load).then(loaded);
    await vi.advanceTimersByTimeAsync(0);
    expect(isConnectionDropped()).toBe(true);
    expect(loaded).not.toHaveBeenCalled();
    answer = 'ok';
    connectionWorked();
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).toHaveBeenCalledWith('module');
  });

  it('a chunk that does not come while the server answers fails (a deploy replaced it)', async () => {
    reachable = true;
    const load = vi.fn(() => Promise.reject(new TypeError('gone')));
    await expect(importWhenConnected(load)).rejects.toThrow('gone');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
