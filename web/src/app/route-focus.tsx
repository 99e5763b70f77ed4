import { useEffect, useRef, useState } from 'react';
import { dialogOpen, focusElement, screenHeading } from '../lib/focus';
import { useLocation } from '../lib/router';

/** How long to wait for the new screen's heading (its data may still be loading). */
const HEADING_WAIT_MS = 3000;

/**
 * After a move to another screen (a new path; not the first load, not a change of query string
 * such as a search or a page), moves focus to the new screen's heading, as a page load would put a
 * screen reader at the top, and announces the page's title in a polite live region. Without this
 * focus stays on <body> (the link that was clicked is gone) and keyboard users start again from the
 * top of the header. Reads the location only through the router's useLocation.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let frame: number | undefined;
    let done = false;
    // Waits for the heading (the screen may still be loading its data) and for any dialog to close
    // (the phone menu closes as it navigates and hands focus back to its button; a dialog that stays
    // open, such as the order-placed one, keeps its focus: the wait gives up after a while).
    const tryFocus = () => {
      if (done) return;
      const heading = screenHeading();
      if (!heading || dialogOpen()) return;
      done = true;
      stop();
      // After the closing dialog has handed focus back to its opener.
      frame = requestAnimationFrame(() => {
        if (!heading.isConnected) return;
        focusElement(heading, { preventScroll: true });
        setAnnouncement(heading.textContent ?? document.title);
      });
    };
    const observer = new MutationObserver(tryFocus);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    tryFocus();
    return () => {
      stop();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [pathname]);

  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </p>
  );
}
