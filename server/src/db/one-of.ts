import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './client.js';

/**
 * `column` is one of `ids`, as one bound value: a 1,000-entry `in (...)` list cost PostgreSQL more to
 * parse and plan than to run (bench/quick-order.ts), and binds a thousand values on SQLite.
 */
export function oneOf(engine: Engine, column: string, ids: readonly number[]): RawBuilder<boolean> {
  return engine === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(${[...ids]}::integer[])`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** `column` is one of the texts `values`, as one bound value (see oneOf). */
export function oneOfText(engine: Engine, column: string, values: readonly string[]): RawBuilder<boolean> {
  return engine === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(${[...values]}::text[])`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}
