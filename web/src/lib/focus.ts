/**
 * Keeping keyboard focus on something sensible when what had it goes away or is disabled: without
 * these, focus falls to <body> and keyboard and screen-reader users start again
 * from the top of the page.
 */

/** Focuses `el`; an element that is not focusable itself (a heading, a count) gets tabindex -1 first. */
export function focusElement(el: HTMLElement, options?: FocusOptions): void {
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) el.setAttribute('tabindex', '-1');
  el.focus(options);
}

/** Nothing on the page has focus (it fell to <body>). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/** The current screen's heading (its one h1), where a page load puts a screen reader. */
export function screenHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}

/** A dialog is open (its focus is its own business). */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Focuses what `find` returns once it returns an element, checking on each animation frame for up
 * to `timeoutMs` (the element may appear only after a refetch renders). Returns a cancel function.
 */
export function focusWhenReady(
  find: () => HTMLElement | null | undefined,
  {
    timeoutMs = 3000,
    preventScroll = false,
    onlyIfLost = false,
  }: {
    timeoutMs?: number;
    preventScroll?: boolean;
    /** Leave focus alone if the user has put it somewhere meanwhile. */
    onlyIfLost?: boolean;
  } = {},
): () => void {
  const until = performance.now() + timeoutMs;
  let frame = 0;
  const attempt = () => {
    const el = find();
    if (el) {
      if (!onlyIfLost || focusIsLost()) focusElement(el, { preventScroll });
      return;
    }
    if (performance.now() < until) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * Brings `el` into view (below a sticky header: the page's scroll-padding) only as far as needed,
 * then focuses it without a second scroll.
 */
export function revealAndFocus(el: HTMLElement): void {
  // (jsdom, in unit tests, has no scrollIntoView.)
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
  focusElement(el, { preventScroll: true });
}
