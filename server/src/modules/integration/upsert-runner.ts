/** The one upsert runner: parsing, duplicates, versions, atomicity and savepoints for every kind of row (upsert.service.ts). */
import type { z } from 'zod';
import {
  INTEGRATION_MSG,
  type ProblemFieldError,
  type UpsertItemResult,
  type UpsertResponse,
  type UpsertStatus,
} from '@wholesale/contract';
import {
  isDatabaseRefusal,
  isDatabaseUnavailable,
  isUniqueViolation,
  withSavepoint,
  type Db,
} from '../../db/client.js';
import type { CatalogueUpsertRepository } from './catalogue-upsert.repository.js';
import type { AccountsUpsertRepository } from './accounts-upsert.repository.js';
import { PROBLEM_TYPES, ProblemError, pointerOf } from './problem.js';

export interface UpsertOptions {
  /** All or nothing: any failed item refuses the request (422) and nothing is written. */
  atomic?: boolean;
}

/**
 * What an upsert reads and writes, over one connection or transaction: this module's repositories
 * and what it asks of the account and auth areas in the same transaction (compose.ts builds it).
 */
export type Repo = CatalogueUpsertRepository &
  AccountsUpsertRepository & {
    /** The invoices' lines: the account area's own read (one query for both). */
    invoiceLinesOf(invoiceIds: readonly number[]): Promise<{ invoice_id: number; [column: string]: unknown }[]>;
    /** An account's balance follows its documents: the account area's own update (as the seed sets it). */
    recomputeBalances(accountIds: readonly number[]): Promise<void>;
    /** A disabled user's unused login and set-password links are used up (the auth area's). */
    endUserLinks(userId: number, now: string): Promise<void>;
  };

/** The upsert repositories over a connection or transaction (compose.ts). */
export type UpsertRepos = (conn: Db) => Repo;

/** How one kind of row is upserted; the runner does parsing, duplicates, versions, atomicity. */
export interface UpsertSpec<T extends { sourceVersion?: number | undefined }, Loaded> {
  entity: string;
  schema: z.ZodType<T>;
  key(item: T): string;
  /** Reads what the plan needs for every valid item, in one go. */
  load(repo: Repo, items: T[]): Promise<Loaded>;
  /** Field errors that depend on the database (an unknown item), or none. */
  check(item: T, loaded: Loaded): ProblemFieldError[];
  /** True when applying the item would change nothing: it is then not written at all. */
  unchanged(item: T, loaded: Loaded): boolean;
  /** Writes the items to be created or updated; answers which were created. */
  write(repo: Repo, items: T[], loaded: Loaded): Promise<Set<T>>;
  /** More of a written item's result (a new user's set-password link), from what `write` kept. */
  extras?(item: T, loaded: Loaded): Partial<UpsertItemResult>;
}

const emptySummary = () => ({ created: 0, updated: 0, unchanged: 0, stale: 0, failed: 0 });

/** Items checked against their schema between two turns of the event loop. */
const PARSE_SLICE = 200;
/**
 * Lets the event loop answer what is waiting (customers' requests) before the batch goes on: a
 * 1,000-row push is then a few short stretches of work, not one long one (customers' requests are answered between them).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One upsert of a batch. Each item is parsed on its own (a bad row is `failed` with JSON pointers,
 * the others go on); a key repeated within the request fails its later copies; an item whose
 * `sourceVersion` is older than the last applied one for its key is `stale`; an item that would
 * change nothing is `unchanged` and writes nothing. All reads and writes share one transaction (or
 * the caller's), so a reader sees the whole batch or none of it. The batch is written inside a
 * savepoint; if the database refuses a row (a duplicate key, a value out of range) that is undone
 * and the rows are written one by one, each in its own savepoint, so the refused row is `failed`
 * and the others are written (with atomic=true, the request is refused with 422 naming it).
 */
export async function runUpsert<T extends { sourceVersion?: number | undefined }, Loaded>(
  db: Db,
  reposOver: UpsertRepos,
  spec: UpsertSpec<T, Loaded>,
  rawItems: readonly unknown[],
  opts: UpsertOptions,
): Promise<UpsertResponse> {
  const results: UpsertItemResult[] = [];
  const valid: { index: number; item: T; key: string }[] = [];
  const firstIndex = new Map<string, number>();
  for (const [index, raw] of rawItems.entries()) {
    if (index > 0 && index % PARSE_SLICE === 0) await nextTurn();
    const parsed = spec.schema.safeParse(raw);
    if (!parsed.success) {
      const key = typeof raw === 'object' && raw ? keyGuess(raw as Record<string, unknown>) : '';
      results[index] = {
        index,
        key,
        status: 'failed',
        errors: parsed.error.issues.map((i) => ({
          pointer: pointerOf(['items', index, ...i.path]),
          detail: i.message,
        })),
      };
      continue;
    }
    const key = spec.key(parsed.data);
    const first = firstIndex.get(key);
    if (first !== undefined) {
      results[index] = {
        index,
        key,
        status: 'failed',
        errors: [{ pointer: pointerOf(['items', index]), detail: INTEGRATION_MSG.duplicateKey(key, first) }],
      };
      continue;
    }
    firstIndex.set(key, index);
    valid.push({ index, item: parsed.data, key });
  }

  /** With atomic=true, any failed item refuses the whole request (422) and its transaction. */
  const refuseIfAtomic = () => {
    const failed = results.filter((r) => r?.status === 'failed');
    if (opts.atomic && failed.length > 0)
      throw new ProblemError(422, INTEGRATION_MSG.atomicRefused(failed.length), {
        type: PROBLEM_TYPES.atomic,
        errors: failed.flatMap((r) => r.errors ?? []),
      });
  };

  const apply = async (trx: Db): Promise<void> => {
    const repo = reposOver(trx);
    const versions = await repo.versions(
      spec.entity,
      valid.filter((v) => v.item.sourceVersion !== undefined).map((v) => v.key),
    );
    const fresh = valid.filter((v) => {
      const seen = versions.get(v.key);
      if (v.item.sourceVersion !== undefined && seen !== undefined && v.item.sourceVersion < seen) {
        results[v.index] = { index: v.index, key: v.key, status: 'stale' };
        return false;
      }
      return true;
    });
    let loaded = await spec.load(
      repo,
      fresh.map((v) => v.item),
    );
    const toWrite: typeof fresh = [];
    for (const v of fresh) {
      const errors = spec.check(v.item, loaded).map((e) => ({
        pointer: pointerOf(['items', v.index]) + e.pointer,
        detail: e.detail,
      }));
      if (errors.length > 0) results[v.index] = { index: v.index, key: v.key, status: 'failed', errors };
      else if (spec.unchanged(v.item, loaded)) results[v.index] = { index: v.index, key: v.key, status: 'unchanged' };
      else toWrite.push(v);
    }
    refuseIfAtomic();

    const write = async (rows: typeof toWrite) => {
      const created = await spec.write(
        repo,
        rows.map((v) => v.item),
        loaded,
      );
      for (const v of rows)
        results[v.index] = {
          index: v.index,
          key: v.key,
          status: created.has(v.item) ? 'created' : 'updated',
          ...spec.extras?.(v.item, loaded),
        };
    };
    if (toWrite.length > 0) {
      try {
        // The whole batch at once (the fast path), undone alone if the database refuses a row.
        await withSavepoint(trx, 'upsert_batch', () => write(toWrite));
      } catch (err) {
        if (isDatabaseUnavailable(err) || !isDatabaseRefusal(err)) throw err;
        // Then row by row, each in its own savepoint: a refused row fails, the others are written.
        // What `load` read may name rows the rollback undid (a new product type), so it is read again.
        let reload = true;
        for (const v of toWrite) {
          if (reload)
            loaded = await spec.load(
              repo,
              fresh.map((f) => f.item),
            );
          try {
            await withSavepoint(trx, 'upsert_row', () => write([v]));
            reload = false;
          } catch (rowErr) {
            if (isDatabaseUnavailable(rowErr) || !isDatabaseRefusal(rowErr)) throw rowErr;
            reload = true;
            results[v.index] = {
              index: v.index,
              key: v.key,
              status: 'failed',
              errors: [
                {
                  pointer: pointerOf(['items', v.index]),
                  detail: isUniqueViolation(rowErr) ? INTEGRATION_MSG.rowConflict : INTEGRATION_MSG.rowNotSaved,
                },
              ],
            };
          }
        }
        refuseIfAtomic();
      }
    }
    const stamped = fresh.filter((v) => v.item.sourceVersion !== undefined && results[v.index]?.status !== 'failed');
    if (stamped.length > 0)
      await repo.saveVersions(
        spec.entity,
        stamped.map((v) => ({ key: v.key, version: v.item.sourceVersion as number })),
      );
  };

  refuseIfAtomic();
  if (db.isTransaction) await apply(db);
  else {
    // The transaction as one stretch of its own: on SQLite it holds the one connection throughout.
    await nextTurn();
    await db.transaction().execute(apply);
    await nextTurn(); // and the answer (a result per item) written in a stretch of its own
  }

  const summary = emptySummary();
  for (const r of results) summary[r.status as UpsertStatus]++;
  return { results, summary };
}

function keyGuess(raw: Record<string, unknown>): string {
  const k = raw.itemNumber ?? raw.customerNumber ?? raw.documentNumber ?? raw.username;
  const key = typeof k === 'string' ? k.slice(0, 40) : '';
  return typeof raw.currency === 'string' && key ? `${key}/${raw.currency.slice(0, 3)}` : key;
}

export const unknownItem = (itemNumber: string): ProblemFieldError[] => [
  { pointer: '/itemNumber', detail: INTEGRATION_MSG.unknownItem(itemNumber) },
];
