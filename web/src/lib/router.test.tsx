import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  NavLink,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useSearchParams,
  type Location,
} from './router';

/** A promise settled from outside, standing in for a screen's chunk. */
function gate() {
  let open!: () => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<void>((resolve, reject) => ((open = resolve), (fail = reject)));
  return { promise, open, fail };
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}${l.hash}`}</p>;
}

const where = () => screen.getByTestId('where').textContent;

describe('router: committing a navigation', () => {
  it('renders nothing until the first location is prepared, then the location', async () => {
    const first = gate();
    const router = createMemoryRouter((path) => (path === '/slow' ? first.promise : undefined), '/slow?a=1');
    render(
      <RouterProvider router={router}>
        <Where />
      </RouterProvider>,
    );
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(router.state.ready).toBe(false);
    await act(async () => first.open());
    expect(where()).toBe('/slow?a=1');
    expect(router.state.ready).toBe(true);
  });

  it('keeps the current location until the next is prepared, and only the latest navigation commits', async () => {
    const slow = gate();
    const router = createMemoryRouter((path) => (path === '/slow' ? slow.promise : undefined), '/here');
    render(
      <RouterProvider router={router}>
        <Where />
      </RouterProvider>,
    );
    expect(where()).toBe('/here');

    let going!: Promise<void>;
    act(() => void (going = router.navigate('/slow')));
    expect(where()).toBe('/here');
    // A later navigation, ready at once, takes its place.
    await act(() => router.navigate('/there?b=2'));
    expect(where()).toBe('/there?b=2');
    await act(async () => {
      slow.open();
      await going;
    });
    expect(where()).toBe('/there?b=2');
  });

  it('commits a location whose preparation failed (the screen shows the failure)', async () => {
    const broken = gate();
    const router = createMemoryRouter((path) => (path === '/broken' ? broken.promise : undefined), '/');
    let going!: Promise<void>;
    act(() => void (going = router.navigate('/broken')));
    await act(async () => {
      broken.fail(new Error('chunk failed'));
      await going;
    });
    expect(router.state.location.pathname).toBe('/broken');
  });

  it('carries state and a fresh key with each entry; replace keeps the history length', async () => {
    const router = createMemoryRouter(() => undefined, '/a');
    expect(router.state.location).toMatchObject({ pathname: '/a', state: null, key: 'default' });
    await router.navigate('/b#top', { state: { from: 'a' } });
    const b = router.state.location;
    expect(b).toMatchObject({ pathname: '/b', hash: '#top', state: { from: 'a' } });
    expect(router.state.action).toBe('PUSH');
    await router.navigate('/c', { replace: true });
    expect(router.state.action).toBe('REPLACE');
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.key).not.toBe(b.key);
  });
});

describe('router: the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("writes React Router's entry shape ({ usr, key }) and reads it back on Back", async () => {
    window.history.replaceState(null, '', '/start');
    const router = createBrowserRouter(() => undefined);
    render(
      <RouterProvider router={router}>
        <Where />
      </RouterProvider>,
    );
    expect(router.state.location.key).toBe('default');

    await act(() => router.navigate('/basket?x=1', { state: { note: 'hi' } }));
    expect(window.location.pathname + window.location.search).toBe('/basket?x=1');
    const entry = window.history.state as { usr: unknown; key: string };
    expect(entry.usr).toEqual({ note: 'hi' });
    expect(entry.key).toBe(router.state.location.key);
    expect(where()).toBe('/basket?x=1');

    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/start'));
    expect(router.state.action).toBe('POP');
    expect(router.state.location.state).toBeNull();
  });
});

describe('router: links', () => {
  function renderLinks(path: string) {
    const router = createMemoryRouter(() => undefined, path);
    render(
      <RouterProvider router={router}>
        <nav>
          <NavLink to="/basket" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
            Basket
          </NavLink>
          <NavLink to="/details">Details</NavLink>
          <Link to="/open-orders?order=SO-1" state={{ from: 'link' }}>
            Order SO-1
          </Link>
        </nav>
        <Where />
      </RouterProvider>,
    );
    return router;
  }

  it('marks the link to the current page with aria-current and isActive', () => {
    renderLinks('/basket?page=2');
    const basket = screen.getByRole('link', { name: 'Basket' });
    expect(basket).toHaveAttribute('aria-current', 'page');
    expect(basket).toHaveClass('on');
    expect(basket).toHaveAttribute('href', '/basket');
    expect(screen.getByRole('link', { name: 'Details' })).not.toHaveAttribute('aria-current');
  });

  it('navigates in the app on a plain click, with the link state; leaves a modified click to the browser', async () => {
    const router = renderLinks('/basket');
    const user = userEvent.setup();
    const link = screen.getByRole('link', { name: 'Order SO-1' });
    expect(link).toHaveAttribute('href', '/open-orders?order=SO-1');

    // Ctrl+click opens a new tab in a browser: the app does not navigate.
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(where()).toBe('/basket');

    await user.click(link);
    expect(where()).toBe('/open-orders?order=SO-1');
    expect(router.state.location.state).toEqual({ from: 'link' });
    expect(screen.getByRole('link', { name: 'Basket' })).toHaveClass('off');
  });

  it('reads and sets search parameters through the router', async () => {
    function Params() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams((p) => ({ ...Object.fromEntries(p), page: '3' }))}>
          page {params.get('page') ?? 'none'}
        </button>
      );
    }
    const router = createMemoryRouter(() => undefined, '/products/search?q=white');
    render(
      <RouterProvider router={router}>
        <Params />
      </RouterProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'page none' }));
    expect(screen.getByRole('button', { name: 'page 3' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=white&page=3');
  });
});

describe('router: scroll restoration', () => {
  const key = (l: Location) => (l.key === 'default' ? l.pathname : l.key);

  it('goes to the top on a new entry and back to where an entry was left on Back', async () => {
    window.history.replaceState(null, '', '/list');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let y = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    const router = createBrowserRouter(() => undefined);
    render(
      <RouterProvider router={router}>
        <ScrollRestoration getKey={key} />
      </RouterProvider>,
    );

    y = 640; // the customer scrolled down the list, then opened an item
    scrollTo.mockClear();
    await act(() => router.navigate('/item'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    y = 0;
    act(() => window.history.back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    window.history.replaceState(null, '', '/');
  });

  it('on Back, scrolls again as the page grows (its data arriving) until the place can be reached, or the customer scrolls', async () => {
    // jsdom lays nothing out: the page's height and its resize notifications are the test's.
    let observed: (() => void)[] = [];
    class FakeResizeObserver {
      constructor(private readonly changed: () => void) {}
      observe() {
        observed.push(this.changed);
      }
      disconnect() {
        observed = observed.filter((c) => c !== this.changed);
      }
    }
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const grow = (to: number) => {
      height = to;
      act(() => observed.forEach((c) => c()));
    };
    let height = 5_000;
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => height);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let y = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    window.history.replaceState(null, '', '/orders');
    const router = createBrowserRouter(() => undefined);
    render(
      <RouterProvider router={router}>
        <ScrollRestoration getKey={key} />
      </RouterProvider>,
    );
    const back = async (path: string) => {
      act(() => window.history.back());
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
    };

    y = 1_500;
    await act(() => router.navigate('/order'));
    height = 900; // the list is not back yet: the page cannot reach 1,500
    scrollTo.mockClear();
    await back('/orders');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1_500);
    scrollTo.mockClear();
    grow(1_200); // some rows: still short of it
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1_500);
    grow(4_000); // all rows: there, and done
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(observed).toEqual([]);

    // The customer scrolls before the rows arrive: their position wins.
    await act(() => router.navigate('/order'));
    height = 900;
    await back('/orders');
    expect(observed).toHaveLength(1);
    scrollTo.mockClear();
    window.dispatchEvent(new Event('wheel'));
    expect(observed).toEqual([]);
    grow(4_000);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });
});
