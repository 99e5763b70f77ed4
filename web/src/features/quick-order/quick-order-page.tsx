import {
  QUICK_MSG,
  QUICK_ORDER_MAX_LINES,
  formatUnitPrice,
  quickOrderAddable,
  type QuickOrderLineInput,
  type QuickOrderLineResult,
} from '@wholesale/contract';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Button, buttonClass } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { cx } from '../../lib/cx';
import { Link } from '../../lib/router';
import { saveFile } from '../../lib/save-file';
import { selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import {
  linesToFixCsv,
  parseCsvLines,
  parsePastedLines,
  TEMPLATE_CSV,
  TEMPLATE_FILENAME,
  TO_FIX_FILENAME,
  toInput,
  type ReadLine,
} from './parse-lines';
import { useAddQuickOrderMutation, useCheckQuickOrderMutation } from './quick-order-api';
import type { XlsxWorkerAnswer } from './xlsx-worker';
import { RoleGate } from '../../components/role-gate';

/**
 * An .xlsx file's lines, read in a worker that loads only now (exceljs is large, and most buyers
 * never choose a spreadsheet).
 */
function readXlsxInWorker(data: ArrayBuffer): Promise<ReadLine[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xlsx-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<XlsxWorkerAnswer>) => {
      worker.terminate();
      if ('lines' in e.data) resolve(e.data.lines);
      else reject(new Error('unreadable'));
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('unreadable'));
    };
    worker.postMessage(data, [data]);
  });
}

/** The server's message of a 4xx, else `fallback`. */
function reasonOf(err: unknown, fallback: string): string {
  const data = (err as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : fallback;
}

/** A line on screen: the server's answer, with the buyer's edits since (then it needs checking again). */
interface WorkingLine extends QuickOrderLineResult {
  key: number;
  edited: boolean;
  /** The number of the pasted or uploaded row it came from (the first, when rows were merged). */
  row: number;
}

/** Where focus goes once the lines on screen change: a line's code box, or the summary. */
type FocusTarget = { key: number } | 'summary' | null;

const input =
  'block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm disabled:bg-slate-100';

function ProblemLine({
  line,
  position,
  disabled,
  onChange,
  onUse,
  onRemove,
}: {
  line: WorkingLine;
  position: number;
  disabled: boolean;
  onChange: (patch: Partial<QuickOrderLineInput>) => void;
  onUse: (itemNumber: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const short = line.status === 'short';
  return (
    <li
      className={cx(
        'grid grid-cols-[minmax(0,1fr)_6rem] gap-x-3 gap-y-2 rounded-lg border bg-white p-3 shadow-sm',
        'sm:grid-cols-[12rem_7rem_minmax(0,1fr)_auto] sm:items-start',
        short ? 'border-amber-300' : 'border-red-300',
      )}
    >
      <div>
        <label htmlFor={`${id}-code`} className="block text-xs font-medium text-slate-700">
          Item code, line {position}
        </label>
        <input
          id={`${id}-code`}
          data-line-key={line.key}
          className={input}
          value={line.itemNumber}
          disabled={disabled}
          aria-describedby={`${id}-message`}
          onChange={(e) => onChange({ itemNumber: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-qty`} className="block text-xs font-medium text-slate-700">
          Qty, line {position}
        </label>
        <input
          id={`${id}-qty`}
          className={input}
          value={line.quantity}
          inputMode="numeric"
          disabled={disabled}
          aria-describedby={`${id}-message`}
          onChange={(e) => onChange({ quantity: e.target.value })}
        />
      </div>
      <div className="col-span-2 text-sm sm:col-span-1 sm:pt-5">
        <p id={`${id}-message`} className={short ? 'text-amber-900' : 'text-red-800'}>
          {line.edited ? 'Changed: check again' : line.message}
        </p>
        {line.description && !line.edited && <p className="text-slate-600">{line.description}</p>}
        {!line.edited && line.suggestions.length > 0 && (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-slate-700">Nearest:</span>
            {line.suggestions.map((s) => (
              <button
                key={s}
                type="button"
                disabled={disabled}
                className="rounded-md border border-brand-300 px-2 py-0.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
                onClick={() => onUse(s)}
              >
                Use {s}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-5">
        <Button variant="ghost" disabled={disabled} onClick={onRemove} aria-label={`Remove line ${position}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

function ReadyLines({ lines, symbol }: { lines: WorkingLine[]; symbol: string }) {
  if (lines.length === 0) return null;
  return (
    <details className="rounded-lg border border-emerald-300 bg-white p-3 shadow-sm">
      <summary className="cursor-pointer text-sm font-semibold text-emerald-900">
        {lines.length} line{lines.length === 1 ? '' : 's'} ready
      </summary>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {lines.map((l) => (
          <li key={l.key} className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <span className="font-medium text-slate-900">{l.itemNumber}</span>
            <span className="min-w-0 flex-1 text-slate-700">{l.description}</span>
            <span className="tabular-nums">
              {l.quantity} × {l.unitPrice === null ? '' : formatUnitPrice(l.unitPrice, symbol)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Quick Order (/quick-order): paste or upload lines, fix them in place, add the valid ones at once. */
function QuickOrderScreen() {
  const user = useAppSelector(selectUser);
  const symbol = user?.currencySymbol ?? '£';
  const ids = { text: useId(), file: useId(), hint: useId() };
  const [text, setText] = useState('');
  const [lines, setLines] = useState<WorkingLine[] | null>(null);
  const [counts, setCounts] = useState({ ready: 0, short: 0, invalid: 0 });
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(0);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const focusTarget = useRef<FocusTarget>(null);
  const setFocusTarget = (target: FocusTarget) => {
    focusTarget.current = target;
  };
  const [check, checkState] = useCheckQuickOrderMutation();
  const [add, addState] = useAddQuickOrderMutation();
  const busy = checkState.isLoading || addState.isLoading;

  /** `sent[i]` is the row number of request line i: a result's row is its first request line's. */
  const show = (results: readonly QuickOrderLineResult[], sent: readonly number[]) => {
    const working = results.map((r) => ({
      ...r,
      key: nextKey.current++,
      edited: false,
      row: sent[r.rows[0] ?? -1] ?? (r.rows[0] ?? 0) + 1,
    }));
    setLines(working);
    const ready = working.filter((l) => l.status === 'ready').length;
    const short = working.filter((l) => l.status === 'short').length;
    setCounts({ ready, short, invalid: working.length - ready - short });
  };

  const runCheck = async (input: ReadLine[]) => {
    setError(null);
    if (input.length === 0) return setError(QUICK_MSG.noLines);
    if (input.length > QUICK_ORDER_MAX_LINES) return setError(QUICK_MSG.tooManyLines(QUICK_ORDER_MAX_LINES));
    try {
      show(
        (await check({ lines: toInput(input) }).unwrap()).lines,
        input.map((l) => l.row),
      );
      setFocusTarget('summary');
    } catch (err) {
      setError(reasonOf(err, QUICK_MSG.checkFailed));
    }
  };

  const current = (): ReadLine[] =>
    (lines ?? []).map((l) => ({ itemNumber: l.itemNumber, quantity: l.quantity, row: l.row }));

  // Focus follows the act, once its result is on screen (the buttons were disabled while busy, which
  // would otherwise leave focus on the page itself).
  useEffect(() => {
    const target = focusTarget.current;
    if (target === null || busy) return;
    focusTarget.current = null;
    if (target === 'summary') summaryRef.current?.focus();
    else resultsRef.current?.querySelector<HTMLInputElement>(`[data-line-key="${target.key}"]`)?.focus();
  }, [busy, lines]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void runCheck(parsePastedLines(text));
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const xlsx = /\.xlsx$/i.test(file.name);
      await runCheck(xlsx ? await readXlsxInWorker(await file.arrayBuffer()) : parseCsvLines(await file.text()));
    } catch {
      setError(QUICK_MSG.fileUnreadable);
    }
  };

  const edit = (key: number, patch: Partial<QuickOrderLineInput>) =>
    setLines((prev) => prev && prev.map((l) => (l.key === key ? { ...l, ...patch, edited: true } : l)));
  /** A suggestion taken: its button goes, so focus goes to the line's code box. */
  const use = (key: number, itemNumber: string) => {
    edit(key, { itemNumber });
    setFocusTarget({ key });
  };
  /** A line removed: focus goes to the next line to look at, else the one before, else the summary. */
  const remove = (key: number) => {
    const at = problems.findIndex((l) => l.key === key);
    const next = problems[at + 1] ?? problems[at - 1];
    setLines((prev) => prev && prev.filter((l) => l.key !== key));
    setFocusTarget(next ? { key: next.key } : 'summary');
  };

  const addToBasket = async () => {
    setError(null);
    try {
      const sent = current();
      const result = await add({ lines: toInput(sent) }).unwrap();
      toast.success(QUICK_MSG.added(result.added, result.notAdded.length));
      show(
        result.notAdded,
        sent.map((l) => l.row),
      );
      setFocusTarget('summary');
      if (result.notAdded.length === 0) setText('');
    } catch (err) {
      const message = reasonOf(err, QUICK_MSG.addFailed);
      toast.error(message);
      setError(message);
    }
  };

  const toFix = (lines ?? []).filter((l) => l.edited || !quickOrderAddable(l.status));
  const ready = (lines ?? []).filter((l) => !l.edited && l.status === 'ready');
  const problems = (lines ?? []).filter((l) => l.edited || l.status !== 'ready');
  const edited = (lines ?? []).some((l) => l.edited);

  return (
    <div>
      <PageHeading title={QUICK_MSG.heading}>
        <Link to="/products/search" className="text-sm font-medium text-brand-700 underline underline-offset-4">
          Create Orders
        </Link>
      </PageHeading>

      <form
        onSubmit={onSubmit}
        aria-label="Quick order lines"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div>
          <label htmlFor={ids.text} className="block text-sm font-medium text-slate-800">
            Paste lines
          </label>
          <p id={ids.hint} className="mt-1 text-xs text-slate-600">
            One item code and quantity a line, separated by a tab, comma, space or semicolon, or a block copied from a
            spreadsheet (with a header row naming the code and quantity columns, or the code first and the quantity
            last). Write quantities without a thousands comma unless the columns are tab- or semicolon-separated. Blank
            lines are ignored; the same code twice is added up. Up to {QUICK_ORDER_MAX_LINES.toLocaleString('en-GB')}{' '}
            lines.
          </p>
          <textarea
            id={ids.text}
            aria-describedby={ids.hint}
            rows={8}
            value={text}
            disabled={busy}
            onChange={(e) => setText(e.target.value)}
            placeholder={'RB-BLK-0001\t4\nCS-CHN-0002, 10'}
            className="mt-2 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900 shadow-sm placeholder:text-slate-500"
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {checkState.isLoading && <Spinner decorative size="sm" />}
            Check lines
          </Button>
          <label htmlFor={ids.file} className={buttonClass('secondary', 'cursor-pointer focus-within:ring-2')}>
            Upload a CSV or Excel file
            <input
              id={ids.file}
              type="file"
              accept=".csv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              disabled={busy}
              onChange={(e) => void onFile(e)}
            />
          </label>
          <Button
            variant="ghost"
            onClick={() => saveFile(new Blob([TEMPLATE_CSV], { type: 'text/csv;charset=utf-8' }), TEMPLATE_FILENAME)}
          >
            Download a template
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </form>

      {lines && (
        <section ref={resultsRef} aria-labelledby="quick-order-results" className="mt-6 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="quick-order-results" className="text-lg font-semibold text-brand-900">
              Checked lines
            </h2>
            <p role="status" ref={summaryRef} tabIndex={-1} className="text-sm text-slate-800">
              {counts.ready} ready, {counts.short} short of stock, {counts.invalid} to fix
              {edited ? '; changed lines need checking again' : ''}
            </p>
          </div>
          {problems.length > 0 && (
            <ol className="space-y-2" aria-label="Lines to look at">
              {problems.map((l) => (
                <ProblemLine
                  key={l.key}
                  line={l}
                  position={l.row}
                  disabled={busy}
                  onChange={(patch) => edit(l.key, patch)}
                  onUse={(code) => use(l.key, code)}
                  onRemove={() => remove(l.key)}
                />
              ))}
            </ol>
          )}
          <ReadyLines lines={ready} symbol={symbol} />
          <div className="flex flex-wrap gap-3">
            <Button disabled={busy || lines.length === 0} onClick={() => void addToBasket()}>
              {addState.isLoading && <Spinner decorative size="sm" />}
              Add ready lines to basket
            </Button>
            <Button variant="secondary" disabled={busy || lines.length === 0} onClick={() => void runCheck(current())}>
              Check again
            </Button>
            <Button
              variant="secondary"
              disabled={toFix.length === 0}
              onClick={() =>
                saveFile(new Blob([linesToFixCsv(toFix)], { type: 'text/csv;charset=utf-8' }), TO_FIX_FILENAME)
              }
            >
              Download lines to fix
            </Button>
            <Link to="/basket" className={buttonClass('ghost')}>
              View Basket
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

/** For the ordering roles only (RoleGate); anyone else at its address is told their role does not allow it. */
export function QuickOrderPage() {
  return (
    <RoleGate needs="order">
      <QuickOrderScreen />
    </RoleGate>
  );
}
