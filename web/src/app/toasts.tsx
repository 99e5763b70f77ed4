import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@wholesale/contract';
import { useEffect, useRef } from 'react';
import { ToastContainer } from 'react-toastify';
import { clearSpot, type Box } from './toast-placement';

/** What a toast must not cover: anything the buyer can press or type in. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
/** Settle time after a scroll before the toasts look for a clear spot again. */
const SCROLL_SETTLE_MS = 120;

function visibleControls(root: HTMLElement): Box[] {
  const { innerWidth: width, innerHeight: height } = window;
  const boxes: Box[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (root.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || r.bottom <= 0 || r.top >= height || r.right <= 0 || r.left >= width) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    boxes.push(r);
  }
  return boxes;
}

/**
 * Moves the toasts off the controls under them: bottom right as the spec says
 * when that corner is clear, else the nearest clear spot (up, or left on wide screens). Looks again
 * when a toast comes or goes, after a scroll settles and on resize. The toasts stay in their live
 * region, so where they sit does not change what a screen reader hears.
 */
function useClearSpot() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrapper = ref.current;
    if (!wrapper) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const place = () => {
      const root = wrapper.querySelector<HTMLElement>('.Toastify');
      const stack = root?.querySelector<HTMLElement>('.Toastify__toast-container');
      if (!root || !stack?.querySelector('.Toastify__toast')) return;
      const { width, height } = stack.getBoundingClientRect();
      // On phones react-toastify lays the toasts across the whole width, with no margins.
      const margin = width >= window.innerWidth - 1 ? 0 : 16;
      const spot = clearSpot(
        { width: window.innerWidth, height: window.innerHeight },
        { width, height },
        visibleControls(root),
        { marginX: margin, marginY: margin },
      );
      root.style.setProperty('--toast-right', `${spot.right}px`);
      root.style.setProperty('--toast-bottom', `${spot.bottom}px`);
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(schedule, SCROLL_SETTLE_MS);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(wrapper, { childList: true, subtree: true });
    window.addEventListener('scroll', settle, { passive: true });
    window.addEventListener('resize', settle);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', settle);
      window.removeEventListener('resize', settle);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ref;
}

/**
 * The one toast container (spec section 2): at most 2, no progress bar, click to close, coloured,
 * 5 s; bottom-right unless that would cover a control (then the nearest clear spot, see above).
 */
export function Toasts() {
  const ref = useClearSpot();
  return (
    <div ref={ref} className="contents">
      <ToastContainer
        position="bottom-right"
        limit={TOAST_LIMIT}
        hideProgressBar
        closeOnClick
        theme="colored"
        autoClose={TOAST_AUTO_CLOSE_MS}
      />
    </div>
  );
}
