import { z } from 'zod';
import { STAFF_PAGE_SIZE, STAFF_PAGE_SIZE_MAX } from '../limits.js';
import { BACK_OFFICE_MSG } from './back-office-messages.js';

/** Sort direction of a staff list. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/**
 * The paging and sorting part of a staff list's query: page (1-based), pageSize (at most
 * STAFF_PAGE_SIZE_MAX), sort (one of the list's keys) and direction. Lists page and sort on the server.
 */
export const listQuery = <const K extends readonly [string, ...string[]]>(sortKeys: K, defaultSort: K[number]) =>
  z.object({
    page: wholeNumber(1, 1_000_000, BACK_OFFICE_MSG.badPage).default(1).describe('1-based page'),
    pageSize: wholeNumber(1, STAFF_PAGE_SIZE_MAX, BACK_OFFICE_MSG.badPageSize(STAFF_PAGE_SIZE_MAX))
      .default(STAFF_PAGE_SIZE)
      .describe(`Rows per page, at most ${STAFF_PAGE_SIZE_MAX} (default ${STAFF_PAGE_SIZE})`),
    sort: z
      .enum(sortKeys)
      .default(defaultSort as never)
      .describe(`What the list is sorted by (default ${defaultSort})`),
    direction: z.enum(SORT_DIRECTIONS).default('asc'),
  });

/** A page of a staff list: its rows and how many rows the whole list has. */
export const listPage = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().describe('Rows in the whole list'),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** yyyy-mm-dd in a query. */
export const isoDateParam = z.lazy(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, BACK_OFFICE_MSG.badDate)
    .refine((v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
    }, BACK_OFFICE_MSG.badDate),
);

/** Optional free text in a query: trimmed, empty means none. */
export const searchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, BACK_OFFICE_MSG.settingTooLong(max))
    .optional()
    .transform((v) => (v ? v : undefined));
