import { describe, expect, it } from 'vitest';
import { clearSpot, type Box } from './toast-placement';

const viewport = { width: 1280, height: 800 };
const size = { width: 320, height: 64 };
const options = { marginX: 16, marginY: 16 };
const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('clearSpot', () => {
  it('keeps the usual bottom-right corner when nothing is there', () => {
    expect(clearSpot(viewport, size, [box(0, 0, 100, 40)], options)).toEqual({ right: 16, bottom: 16 });
  });

  it('moves up just past a control in the corner', () => {
    // An Add button 50 px above the bottom edge, at the right.
    const spot = clearSpot(viewport, size, [box(1180, 700, 60, 40)], options);
    expect(spot.bottom).toBeGreaterThanOrEqual(800 - 700);
    expect(spot.bottom).toBeLessThan(800 - 700 + 8);
    expect(spot.right).toBe(16);
  });

  it('moves left when a column of controls runs the whole height at the right', () => {
    const column = Array.from({ length: 11 }, (_, i) => box(1170, i * 77, 70, 36));
    const spot = clearSpot(viewport, size, column, options);
    expect(viewport.width - spot.right).toBeLessThanOrEqual(1170);
    const placed = box(viewport.width - spot.right - 320, 800 - spot.bottom - 64, 320, 64);
    expect(
      column.some(
        (c) => c.left < placed.right && c.right > placed.left && c.top < placed.bottom && c.bottom > placed.top,
      ),
    ).toBe(false);
  });

  it('on a phone (full width) finds the free band between controls', () => {
    const phone = { width: 390, height: 844 };
    const controls = [box(16, 760, 358, 60), box(16, 560, 100, 40), box(300, 500, 60, 40)];
    const spot = clearSpot(phone, { width: 390, height: 64 }, controls, { marginX: 0, marginY: 0 });
    expect(spot.right).toBe(0);
    const top = 844 - spot.bottom - 64;
    expect(top).toBeGreaterThanOrEqual(600);
    expect(top + 64).toBeLessThanOrEqual(760);
  });

  it('when no spot is free, takes the one over the fewest controls', () => {
    const phone = { width: 390, height: 200 };
    const controls = [box(0, 0, 390, 90), box(0, 100, 390, 100), box(0, 95, 10, 3)];
    const spot = clearSpot(phone, { width: 390, height: 64 }, controls, { marginX: 0, marginY: 0 });
    const top = 200 - spot.bottom - 64;
    // Covering one band (not two).
    const covered = controls.filter((c) => c.top < top + 64 && c.bottom > top).length;
    expect(covered).toBe(1);
  });
});
