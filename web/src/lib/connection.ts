/**
 * Whether the portal can reach its server just now, for a buyer offline or on a weak signal (issue
 * 24 item 10). A request that gets no answer at all (no response: offline, dropped, timed out)
 * marks the connection dropped; any answer, even an error status, marks it working. While dropped,
 * the server is probed with growing pauses (and at once on the browser's `online` event), so a weak
 * signal that comes back without an `online` event is noticed too. When the connection is back,
 * the callbacks registered with `onConnectionBack` run: RTK Query refetches what is on screen, a
 * screen whose chunk could not load loads it, a failed search runs again.
 *
 * What was on screen stays meanwhile: this module only says the connection dropped (the layout's
 * notice) and when it is back.
 */
import { useSyncExternalStore } from 'react';
import { pathOf, routes } from '@wholesale/contract';

/** Pauses between probes while the connection is down: quick at first, then every 15 s. */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;

/** Any HTTP answer means the server is reachable; only a failure to get one means it is not. */
export type Probe = () => Promise<boolean>;

const defaultProbe: Probe = async () => {
  try {
    // Cheap, public, never cached: any status means the network got there and back.
    await fetch(`${globalThis.location.origin}${pathOf(routes.getHealth)}`, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
};

let dropped = false;
let probe: Probe = defaultProbe;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<boolean> | null = null;
const listeners = new Set<() => void>();
const whenBack = new Set<() => void>();

const notify = () => listeners.forEach((l) => l());

function scheduleProbe(delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]) {
  clearTimeout(timer);
  timer = setTimeout(() => void probeNow(), delay);
}

/** Asks the server now (sharing a probe already under way); answers whether it is reachable. */
export function probeNow(): Promise<boolean> {
  inFlight ??= (async () => {
    try {
      const reachable = await probe();
      if (reachable) connectionWorked();
      else if (!dropped) connectionDropped();
      else {
        attempt++;
        scheduleProbe();
      }
      return reachable;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** A request got no answer: say so, and start probing for the connection's return. */
export function connectionDropped(): void {
  // Already down: the probe is scheduled; more failing requests do not put it off.
  if (dropped) return;
  dropped = true;
  attempt = 0;
  scheduleProbe();
  notify();
}

/** A request got an answer: when the connection had dropped, it is back. */
export function connectionWorked(): void {
  if (!dropped) return;
  dropped = false;
  attempt = 0;
  clearTimeout(timer);
  notify();
  whenBack.forEach((cb) => cb());
}

/** Whether the connection is down just now (outside React). */
export const isConnectionDropped = (): boolean => dropped;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the connection is down just now; re-renders when that changes. */
export function useConnectionDropped(): boolean {
  return useSyncExternalStore(subscribe, isConnectionDropped, () => false);
}

/** Runs `callback` each time the connection comes back; answers the unsubscribe. */
export function onConnectionBack(callback: () => void): () => void {
  whenBack.add(callback);
  return () => whenBack.delete(callback);
}

/** An RTK Query error that means no answer came (not a status the server sent). */
export function isNoAnswer(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/**
 * The browser's own signals: `offline` marks the connection dropped at once; `online` probes at
 * once (being on a network does not yet mean the server answers). Answers the unsubscribe.
 */
export function followBrowserConnection(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = globalThis.window,
): () => void {
  const onOffline = () => connectionDropped();
  const onOnline = () => {
    if (dropped) void probeNow();
  };
  target.addEventListener('offline', onOffline);
  target.addEventListener('online', onOnline);
  return () => {
    target.removeEventListener('offline', onOffline);
    target.removeEventListener('online', onOnline);
  };
}

/**
 * A code chunk fetched on demand (`import()`), made patient: when it does not come and the server
 * cannot be reached, it waits for the connection and fetches it then, instead of failing (a failed
 * `React.lazy` would replace the whole app with the error screen). When the server answers but the
 * chunk still does not come, it fails as before.
 */
export function importWhenConnected<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(async (error: unknown) => {
    if (await probeNow()) return load();
    return new Promise<T>((resolve, reject) => {
      const stop = onConnectionBack(() => {
        stop();
        importWhenConnected(load).then(resolve, reject);
      });
    }).catch(() => Promise.reject(error));
  });
}

/** Tests: a probe of their own, and a fresh state. */
export function resetConnectionForTests(testProbe: Probe = defaultProbe): void {
  clearTimeout(timer);
  dropped = false;
  attempt = 0;
  inFlight = null;
  probe = testProbe;
  listeners.clear();
  whenBack.clear();
}
