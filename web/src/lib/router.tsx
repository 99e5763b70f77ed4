/**
 * The portal's router: wouter (about 2 kB) for links, search parameters and redirects, over a
 * location source of our own that adds what wouter leaves out and the screens rely on:
 *
 * - history state and a key per entry (the `{ usr, key }` shape React Router wrote, so entries made
 *   before the switch still read), for the return path after login, the checkout error notice and
 *   scroll restoration;
 * - a navigation commits only when the next screen is ready (`prepare`: its chunk loaded). Until
 *   then every component, the current screen included, keeps the current location; so a screen
 *   never sees the next screen's search parameters, and nothing renders before the first screen is
 *   in (the static shell in index.html shows meanwhile);
 * - a browser source and an in-memory one (the tests), with the same interface.
 *
 * Kept rather than React Router 7 (which has these built in) because React Router does not fit the
 * initial-JS budget beside React DOM: figures in docs/decisions/0007-react-dom-and-the-router.md.
 */
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link as WouterLink, Router as WouterRouter, useSearchParams as useWouterSearchParams } from 'wouter';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (`navigate(to, { state })`), else null. */
  state: unknown;
  /** Unique per history entry; 'default' for the entry the page was loaded on. */
  key: string;
}

export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterState {
  location: Location;
  /** How the current location was reached: back or forward (POP), a link (PUSH), a redirect. */
  action: NavigationAction;
  /** False until the first location is ready (its screen prepared). */
  ready: boolean;
}

export interface AppRouter {
  readonly state: RouterState;
  /** Resolves when the location is committed (or a later navigation took its place). */
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** Called just before a navigation commits, with the location being left. */
  beforeCommit(listener: (leaving: Location) => void): () => void;
}

/** What must happen before a location is shown (load its screen); undefined when nothing. */
export type Prepare = (pathname: string) => Promise<unknown> | undefined;

/** Where entries live: the browser's history or an array (tests). */
interface HistorySource {
  read(): Location;
  write(location: Location, replace: boolean): void;
  /** Back and forward: the source calls `onPop` after its current entry changed. */
  listen(onPop: () => void): void;
}

interface EntryState {
  usr?: unknown;
  key?: string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` (absolute or relative to `from`) as a location; state and key are the caller's. */
function resolve(to: string, from: Location): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://portal${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Where relative paths start from when there is no current location (a new router, a link's target). */
const ROOT: Location = { pathname: '/', search: '', hash: '', state: null, key: '' };

const hrefOf = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${l.pathname}${l.search}${l.hash}`;

function createRouter(source: HistorySource, prepare: Prepare): AppRouter {
  const listeners = new Set<() => void>();
  const leaving = new Set<(l: Location) => void>();
  let state: RouterState = { location: source.read(), action: 'POP', ready: false };
  /** Bumped by every navigation: only the latest one commits. */
  let latest = 0;

  const notify = () => listeners.forEach((l) => l());

  function commit(location: Location, action: NavigationAction) {
    if (state.ready) leaving.forEach((l) => l(state.location));
    state = { location, action, ready: true };
    notify();
  }

  /**
   * Runs `prepare` for the location, then commits it unless another navigation came since; at once
   * when there is nothing to prepare.
   */
  function go(target: () => Location, pathname: string, action: NavigationAction, write?: (l: Location) => void) {
    const mine = ++latest;
    const finish = () => {
      if (mine !== latest) return;
      const location = target();
      write?.(location);
      commit(location, action);
    };
    const pending = prepare(pathname);
    if (!pending) return Promise.resolve(finish());
    // A screen that fails to load still commits: it renders the failure in the layout.
    return pending.then(finish, finish);
  }

  source.listen(() => void go(source.read, source.read().pathname, 'POP'));
  const initial = state.location;
  void go(() => initial, initial.pathname, 'POP');

  return {
    get state() {
      return state;
    },
    navigate(to, options = {}) {
      const { pathname, search, hash } = resolve(to, state.location);
      const replace = options.replace ?? false;
      const next = { pathname, search, hash, state: options.state ?? null, key: newKey() };
      return go(
        () => next,
        pathname,
        replace ? 'REPLACE' : 'PUSH',
        (l) => source.write(l, replace),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    beforeCommit(listener) {
      leaving.add(listener);
      return () => leaving.delete(listener);
    },
  };
}

/** The router over the browser's history. */
export function createBrowserRouter(prepare: Prepare): AppRouter {
  return createRouter(
    {
      read() {
        const entry = (window.history.state ?? {}) as EntryState;
        const { pathname, search, hash } = window.location;
        return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
      },
      write(l, replace) {
        const entry: EntryState = { usr: l.state, key: l.key };
        if (replace) window.history.replaceState(entry, '', hrefOf(l));
        else window.history.pushState(entry, '', hrefOf(l));
      },
      listen(onPop) {
        window.addEventListener('popstate', onPop);
      },
    },
    prepare,
  );
}

/** The router in memory, starting at `path` (tests). */
export function createMemoryRouter(prepare: Prepare, path = '/'): AppRouter {
  const start = resolve(path, ROOT);
  const entries: Location[] = [{ ...start, state: null, key: 'default' }];
  let index = 0;
  return createRouter(
    {
      read: () => entries[index]!,
      write(l, replace) {
        if (!replace) index++;
        entries.splice(index, entries.length - index, l);
      },
      listen() {},
    },
    prepare,
  );
}

const RouterContext = createContext<AppRouter | null>(null);

function useAppRouter(): AppRouter {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useAppRouter: no RouterProvider above');
  return router;
}

function useRouterState(): RouterState {
  const router = useAppRouter();
  return useSyncExternalStore(router.subscribe, () => router.state);
}

/** The committed location. */
export const useLocation = (): Location => useRouterState().location;

export function useNavigate(): (to: string, options?: NavigateOptions) => Promise<void> {
  const router = useAppRouter();
  return router.navigate;
}

/**
 * Provides the router and renders `children` once the first location is ready. wouter's hooks and
 * links read the same committed location and navigate through the same router.
 */
export function RouterProvider({ router, children }: { router: AppRouter; children: ReactNode }) {
  const { ready } = useSyncExternalStore(router.subscribe, () => router.state);
  const hook = useMemo(() => wouterHook(router), [router]);
  if (!ready) return null;
  return (
    <RouterContext.Provider value={router}>
      <WouterRouter hook={hook} searchHook={hook.searchHook}>
        {children}
      </WouterRouter>
    </RouterContext.Provider>
  );
}

type WouterNavigate = (to: string, options?: NavigateOptions) => void;
type WouterHook = (() => [string, WouterNavigate]) & { searchHook: () => string };

/** wouter's location hooks over the router: its links and search parameters go through `navigate`. */
function wouterHook(router: AppRouter): WouterHook {
  const navigate: WouterNavigate = (to, options) =>
    void router.navigate(to, { replace: options?.replace, state: options?.state });
  const usePathname = (): [string, WouterNavigate] => [
    useSyncExternalStore(router.subscribe, () => router.state.location.pathname),
    navigate,
  ];
  const useSearch = () => useSyncExternalStore(router.subscribe, () => router.state.location.search);
  return Object.assign(usePathname, { searchHook: useSearch });
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
  className?: string;
  children?: ReactNode;
}

/** A link that navigates in the app (a plain click), or as the browser does (modifier keys, new tab). */
export function Link({ to, ...props }: LinkProps) {
  return <WouterLink href={to} {...props} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Accepted for familiarity: every route is a leaf, so a link is active on its own path only. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that knows whether it is the current page: aria-current="page" and `isActive` for styling. */
export function NavLink({ to, end: _end, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === resolve(to, ROOT).pathname;
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}

/** Navigates as soon as it renders (a redirect in a render, like the route guards'). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** The search parameters of the current location, and a setter that navigates (wouter's). */
export { useWouterSearchParams as useSearchParams };

/**
 * Scroll like a browser moving between documents: to the top (or the #hash's element) on a new
 * entry, back to where the entry was left on back and forward. Positions are kept by `getKey` of
 * the location, in this tab's session storage, so they survive a reload.
 */
export function ScrollRestoration({ getKey }: { getKey: (l: Location) => string }) {
  const router = useAppRouter();
  const { location, action } = useRouterState();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = (l: Location) => scrollPositions().set(getKey(l), window.scrollY);
    const stop = router.beforeCommit(save);
    const onHide = () => {
      save(router.state.location);
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...scrollPositions()]));
      } catch {
        // storage full or blocked: positions are a nicety
      }
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      stop();
      window.removeEventListener('pagehide', onHide);
    };
  }, [router, getKey]);

  useLayoutEffect(() => {
    const saved = scrollPositions().get(getKey(location));
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (action === 'POP' && saved !== undefined) return restoreWhenReachable(saved);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action, getKey]);

  return null;
}

/** How long a restored position waits for the page to grow tall enough to reach it. */
const RESTORE_WINDOW_MS = 3_000;
/** The customer's own scrolling or input ends the wait: their position wins. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls to `y`, and when the page is not yet tall enough to reach it (after a reload the
 * screen's data arrives after the first render), scrolls there again each time the page grows,
 * until it is reached, the customer scrolls or types, or RESTORE_WINDOW_MS pass. Returns the stop.
 */
function restoreWhenReachable(y: number): () => void {
  const reachable = () => document.documentElement.scrollHeight - window.innerHeight >= y;
  window.scrollTo(0, y);
  if (reachable() || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (reachable()) stop();
  });
  const timer = setTimeout(() => stop(), RESTORE_WINDOW_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

const SCROLL_STORAGE_KEY = 'wholesale-portal.scroll';
let positions: Map<string, number> | undefined;

/** Scroll positions by entry, read from session storage on first use. */
function scrollPositions(): Map<string, number> {
  if (positions) return positions;
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '[]');
    positions = new Map(Array.isArray(parsed) ? (parsed as [string, number][]) : []);
  } catch {
    positions = new Map();
  }
  return positions;
}
