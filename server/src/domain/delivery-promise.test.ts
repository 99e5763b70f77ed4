import { describe, expect, it } from 'vitest';
import { DELIVERY_MSG, dayMonth, weekdayDayMonth } from '@wholesale/contract';
import {
  coveringDate,
  cutOffAt,
  nextWorkingDay,
  promiseLines,
  shipmentOptions,
  splitAcrossDeliveries,
  ukDateTime,
  type ProductSupply,
} from './delivery-promise.js';

const supply = (entries: [number, ProductSupply][]) => new Map(entries);
const line = (lineNumber: number, productId: number, quantity: number) => ({
  lineNumber,
  itemNumber: `ITEM-${productId}`,
  productId,
  quantity,
});
const texts = (ls: { text: string }[]) => ls.map((l) => l.text);

describe('dates', () => {
  it('formats UK short dates and weekdays', () => {
    expect(dayMonth('2026-12-12')).toBe('12 Dec');
    expect(dayMonth('2027-01-05')).toBe('5 Jan');
    expect(weekdayDayMonth('2026-12-14')).toBe('Monday 14 Dec');
  });

  it('reads the time in the UK, summer time included', () => {
    expect(ukDateTime(new Date('2026-12-11T13:59:00Z'))).toEqual({ date: '2026-12-11', time: '13:59' });
    expect(ukDateTime(new Date('2026-07-10T13:30:00Z'))).toEqual({ date: '2026-07-10', time: '14:30' }); // BST
    expect(ukDateTime(new Date('2026-07-10T23:30:00Z'))).toEqual({ date: '2026-07-11', time: '00:30' });
  });

  it('skips weekends for the next working day', () => {
    expect(nextWorkingDay('2026-12-10')).toBe('2026-12-11'); // Thu -> Fri
    expect(nextWorkingDay('2026-12-11')).toBe('2026-12-14'); // Fri -> Mon
    expect(nextWorkingDay('2026-12-12')).toBe('2026-12-14'); // Sat -> Mon
    expect(nextWorkingDay('2026-12-13')).toBe('2026-12-14'); // Sun -> Mon
  });
});

describe('coveringDate', () => {
  const schedule = [
    { quantity: 4, date: '2026-12-12' },
    { quantity: 10, date: '2026-12-20' },
  ];
  it('is the first delivery by which stock and deliveries cover the quantity', () => {
    expect(coveringDate(6, 10, schedule)).toBe('2026-12-12');
    expect(coveringDate(6, 11, schedule)).toBe('2026-12-20');
    expect(coveringDate(-3, 4, schedule)).toBe('2026-12-12'); // negative stock counts as none
    expect(coveringDate(6, 21, schedule)).toBeUndefined();
  });
});

describe('promiseLines', () => {
  const s = supply([
    [1, { stock: 10, dueIn: [] }],
    [2, { stock: 6, dueIn: [{ quantity: 4, date: '2026-12-12' }] }],
    [3, { stock: 6, dueIn: [] }],
    [4, { stock: 0, dueIn: [{ quantity: 5, date: '2026-12-12' }] }],
    [5, { stock: -2, dueIn: [] }],
  ]);

  it('says each of the four promises', () => {
    const got = promiseLines([line(1, 1, 10), line(2, 2, 10), line(3, 3, 10), line(4, 4, 5), line(5, 5, 1)], s);
    expect(texts(got)).toEqual([
      'In stock',
      '6 now, 4 due 12 Dec',
      '6 now, 4 no date yet',
      'Due 12 Dec',
      'No date yet',
    ]);
    expect(got.map((l) => l.status)).toEqual(['inStock', 'part', 'part', 'due', 'due']);
    expect(got[1]).toMatchObject({ now: 6, rest: 4, dueDate: '2026-12-12', lineNumber: 2, quantity: 10 });
    expect(got[4]).toMatchObject({ now: 0, rest: 1, dueDate: null });
  });

  it('shares stock and deliveries between lines of the same item, in line order', () => {
    const shared = supply([
      [
        7,
        {
          stock: 6,
          dueIn: [
            { quantity: 4, date: '2026-12-12' },
            { quantity: 10, date: '2026-12-20' },
          ],
        },
      ],
    ]);
    const got = promiseLines([line(1, 7, 4), line(2, 7, 4), line(3, 7, 4), line(4, 7, 20)], shared);
    // 4 of 6 from stock; 2 left + 2 of the 12th's 4; the next 4 are the 12th's last 2 and 2 of the
    // 20th's 10; the last 20 take the 20th's other 8 and 12 have no delivery yet.
    expect(texts(got)).toEqual([
      'In stock',
      '2 now, 2 due 12 Dec',
      '2 on 12 Dec, 2 on 20 Dec',
      '8 on 20 Dec, 12 no date yet',
    ]);
    expect(got.map((l) => l.dueDate)).toEqual([null, '2026-12-12', '2026-12-20', null]);
  });

  it('splits a quantity across every due delivery, and the rest with no date', () => {
    const rb = supply([
      [
        5,
        {
          stock: 1,
          dueIn: [
            { quantity: 175, date: '2026-12-11' },
            { quantity: 85, date: '2027-01-03' },
          ],
        },
      ],
      [
        6,
        {
          stock: 0,
          dueIn: [
            { quantity: 175, date: '2026-12-11' },
            { quantity: 85, date: '2027-01-03' },
          ],
        },
      ],
    ]);
    const got = promiseLines([line(1, 5, 261), line(2, 5, 1), line(3, 6, 261), line(4, 6, 5)], rb);
    expect(texts(got)).toEqual([
      '1 now, 175 on 11 Dec, 85 on 3 Jan',
      'No date yet',
      '175 on 11 Dec, 85 on 3 Jan, 1 no date yet',
      'No date yet', // the deliveries went to the line before
    ]);
    expect(got.map((l) => l.status)).toEqual(['part', 'due', 'due', 'due']);
    expect(got[0]).toMatchObject({ now: 1, rest: 260, dueDate: '2027-01-03' });
    expect(got[2]).toMatchObject({ now: 0, rest: 261, dueDate: null });
  });

  it('splitAcrossDeliveries skips what earlier lines took, stock first', () => {
    const schedule = [
      { quantity: 4, date: '2026-12-12' },
      { quantity: 10, date: '2026-12-20' },
    ];
    expect(splitAcrossDeliveries(6, 0, 3, schedule)).toEqual({ now: 3, due: [] });
    expect(splitAcrossDeliveries(6, 8, 4, schedule)).toEqual({
      now: 0,
      due: [
        { quantity: 2, date: '2026-12-12' },
        { quantity: 2, date: '2026-12-20' },
      ],
    });
    expect(splitAcrossDeliveries(-3, 0, 20, schedule)).toEqual({
      now: 0,
      due: [
        { quantity: 4, date: '2026-12-12' },
        { quantity: 10, date: '2026-12-20' },
        { quantity: 6, date: null },
      ],
    });
  });

  it('counts an item with no record as none in stock and none due', () => {
    expect(texts(promiseLines([line(1, 99, 1)], supply([])))).toEqual([DELIVERY_MSG.noDate]);
  });
});

describe('cutOffAt', () => {
  // Thursday 10 Dec 2026, Friday 11 Dec, Saturday 12 Dec (winter: UK time is UTC).
  it('before the cut-off on a working day ships today', () => {
    const c = cutOffAt(new Date('2026-12-10T13:59:00Z'), '14:00');
    expect(c).toEqual({
      time: '14:00',
      shipsToday: true,
      shipDate: '2026-12-10',
      text: 'Order by 14:00 to ship today',
    });
  });

  it('at or after the cut-off ships the next working day', () => {
    expect(cutOffAt(new Date('2026-12-10T14:00:00Z'), '14:00')).toMatchObject({
      shipsToday: false,
      shipDate: '2026-12-11',
      text: 'Order now to ship Friday 11 Dec',
    });
    // Friday afternoon: Monday (the spec's Friday note).
    expect(cutOffAt(new Date('2026-12-11T15:00:00Z'), '14:00').text).toBe('Order now to ship Monday 14 Dec');
  });

  it('at a weekend ships Monday, whatever the time', () => {
    expect(cutOffAt(new Date('2026-12-12T09:00:00Z'), '14:00')).toMatchObject({
      shipsToday: false,
      shipDate: '2026-12-14',
    });
  });

  it('uses the setting, in UK summer time too, and the default for a bad value', () => {
    expect(cutOffAt(new Date('2026-07-09T12:30:00Z'), '13:00').shipsToday).toBe(false); // 13:30 BST
    expect(cutOffAt(new Date('2026-07-09T11:30:00Z'), '13:00').text).toBe('Order by 13:00 to ship today');
    expect(cutOffAt(new Date('2026-12-10T09:00:00Z'), 'soon').time).toBe('14:00');
  });
});

describe('shipmentOptions', () => {
  const today = cutOffAt(new Date('2026-12-10T09:00:00Z'), '14:00'); // ships Thu 10 Dec
  const later = cutOffAt(new Date('2026-12-10T15:00:00Z'), '14:00'); // ships Fri 11 Dec
  const s = supply([
    [1, { stock: 10, dueIn: [] }],
    [2, { stock: 6, dueIn: [{ quantity: 4, date: '2026-12-18' }] }],
    [3, { stock: 0, dueIn: [] }],
    [4, { stock: 0, dueIn: [{ quantity: 5, date: '2026-12-15' }] }],
  ]);
  const options = (lines: ReturnType<typeof line>[], cutOff = today) =>
    shipmentOptions(promiseLines(lines, s), cutOff).map((o) => [o.preference, o.date, o.dateText]);

  it('all in stock: both ship on the ship day', () => {
    expect(options([line(1, 1, 5)])).toEqual([
      ['partial', '2026-12-10', 'First delivery ships today'],
      ['complete', '2026-12-10', 'Ships today'],
    ]);
    expect(options([line(1, 1, 5)], later)).toEqual([
      ['partial', '2026-12-11', 'First delivery ships Friday 11 Dec'],
      ['complete', '2026-12-11', 'Ships Friday 11 Dec'],
    ]);
  });

  it('some due: partial ships now and the rest by the last date; complete on the last date', () => {
    expect(options([line(1, 1, 5), line(2, 2, 10)])).toEqual([
      ['partial', '2026-12-10', 'First delivery ships today, the rest by 18 Dec'],
      ['complete', '2026-12-18', 'Ships Friday 18 Dec'],
    ]);
  });

  it('a line with no date: complete has no date yet', () => {
    expect(options([line(1, 1, 5), line(3, 3, 1)])).toEqual([
      ['partial', '2026-12-10', 'First delivery ships today, the rest when a date is known'],
      ['complete', null, 'No date yet'],
    ]);
  });

  it('nothing in stock: the first delivery is the earliest due date', () => {
    expect(options([line(4, 4, 5)])).toEqual([
      ['partial', '2026-12-15', 'First delivery ships Tuesday 15 Dec'],
      ['complete', '2026-12-15', 'Ships Tuesday 15 Dec'],
    ]);
    expect(options([line(3, 3, 1)])).toEqual([
      ['partial', null, 'No date yet'],
      ['complete', null, 'No date yet'],
    ]);
  });

  it('labels the two choices in the wording the screens use', () => {
    expect(shipmentOptions([], today).map((o) => o.label)).toEqual([
      'Send what is in stock now, the rest when due',
      'Send everything together',
    ]);
  });
});
