/** A rectangle in viewport pixels (as getBoundingClientRect gives it). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the toasts sit: their distance from the viewport's right and bottom edges. */
export interface Spot {
  right: number;
  bottom: number;
}

export interface SpotOptions {
  /** Gap kept from the viewport's edges (0 on phones, where toasts are full width). */
  marginX: number;
  marginY: number;
  /** Grid the search moves on, in pixels. */
  step?: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/**
 * Where a stack of toasts of `size` goes so that it covers none of `controls`:
 * the free spot nearest the usual bottom-right corner (spec section 2), moving up or left only as
 * far as needed; when no spot is free, the one over the fewest controls.
 */
export function clearSpot(
  viewport: { width: number; height: number },
  size: { width: number; height: number },
  controls: readonly Box[],
  { marginX, marginY, step = 8 }: SpotOptions,
): Spot {
  const maxRight = Math.max(marginX, viewport.width - size.width - marginX);
  const maxBottom = Math.max(marginY, viewport.height - size.height - marginY);
  const candidates: (Spot & { distance: number })[] = [];
  for (let right = marginX; right <= maxRight; right += step * 2)
    for (let bottom = marginY; bottom <= maxBottom; bottom += step)
      candidates.push({ right, bottom, distance: right - marginX + (bottom - marginY) });
  candidates.sort((a, b) => a.distance - b.distance || a.bottom - b.bottom);

  let best: Spot = { right: marginX, bottom: marginY };
  let fewest = Infinity;
  for (const { right, bottom } of candidates) {
    const box = {
      left: viewport.width - right - size.width,
      right: viewport.width - right,
      top: viewport.height - bottom - size.height,
      bottom: viewport.height - bottom,
    };
    let covered = 0;
    for (const c of controls) if (overlaps(box, c) && ++covered >= fewest) break;
    if (covered < fewest) {
      fewest = covered;
      best = { right, bottom };
      if (covered === 0) break;
    }
  }
  return best;
}
