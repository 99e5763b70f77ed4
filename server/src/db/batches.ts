/**
 * Multi-row inserts in batches, for repositories that write many rows at once (the demo seed's
 * bulk loads). A batch stays under the engines' bound-parameter limits (SQLite 32,766, PostgreSQL
 * 65,535): up to 500 rows, fewer for wide rows.
 */
import type { Insertable } from 'kysely';
import type { Database, Db } from './types.js';

export function* batches<R extends object>(rows: readonly R[], maxRows = 500): Generator<R[]> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.min(maxRows, Math.floor(30_000 / Object.keys(first).length)));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

type Table = keyof Database & string;

/** Inserts the rows, a batch per statement. */
export async function insertInBatches<T extends Table>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (const part of batches(rows))
    await db
      .insertInto(table)
      .values(part as never)
      .execute();
}

/** A table whose rows have a generated `id` and a unique text `key`. */
type KeyOf<T extends Table> = {
  [K in keyof Database[T]]: Database[T][K] extends string ? K : never;
}[keyof Database[T]] &
  string;

/** Inserts the rows, a batch per statement, and answers the new rows' ids by their unique `key`. */
export async function insertReturningIds<T extends Table>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  key: KeyOf<T>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of batches(rows)) {
    const got = (await db
      .insertInto(table)
      .values(part as never)
      .returning(['id', key] as never)
      .execute()) as Record<string, unknown>[];
    for (const r of got) ids.set(String(r[key]), Number(r.id));
  }
  return ids;
}
