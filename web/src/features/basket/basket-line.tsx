/** A basket line: its row (wide screens) or card (phones), the quantity editor and the line actions. */
import {
  MSG,
  formatMoney,
  formatPercent,
  formatUnitPrice,
  parseStock,
  type BasketLine,
  type LinePromise,
} from '@wholesale/contract';
import { type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import { LineDeliveryPromise } from '../../components/delivery-promise-list';
import { QuantityStepper } from '../../components/quantity-stepper';
import { Spinner } from '../../components/spinner';
import { cx } from '../../lib/cx';
import { useDeleteBasketLineMutation, useUpdateBasketLineMutation } from './basket-api';
import { focusAfterRemoval, focusLineAction, focusLineQuantity, neighbourLine } from './line-focus';

function PencilIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
      <path d="M13.6 2.9a2 2 0 0 1 2.8 0l.7.7a2 2 0 0 1 0 2.8l-9.5 9.5-3.9 1 1-3.9 8.9-9.3zM12.5 5.5l2 2" />
    </svg>
  );
}
function TrashIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-5" aria-hidden="true">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M4 6h12M8 6V4h4v2M6 6l.7 10h6.6L14 6M8.5 9v4.5M11.5 9v4.5"
      />
    </svg>
  );
}
function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2.2" className="size-5" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 10.5 3.5 3.5 7.5-8" />
    </svg>
  );
}
function CrossIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2.2" className="size-5" aria-hidden="true">
      <path strokeLinecap="round" d="M5.5 5.5l9 9M14.5 5.5l-9 9" />
    </svg>
  );
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Quantities being edited, by line number. Kept by the page, not the row, so an edit survives the
 * switch between the table and the phone cards (a resize or rotation).
 */
export type Drafts = Record<number, number>;

/** What a row or card shows: the line, its currency, the page's drafts and its delivery promise (once loaded). */
interface LineProps {
  line: BasketLine;
  symbol: string;
  edits: DraftState;
  promise: LinePromise | undefined;
}
export interface DraftState {
  drafts: Drafts;
  setDraft: (lineNumber: number, quantity: number | undefined) => void;
}

/** Display, edit (quantity stepper, min 1), confirm or cancel, and remove: one line's state (spec section 4). */
function useLineEditor(line: BasketLine, { drafts, setDraft }: DraftState) {
  const draft = drafts[line.lineNumber];
  const editing = draft !== undefined;
  const quantity = draft ?? line.quantity;
  const [update, updateState] = useUpdateBasketLineMutation();
  const [remove, removeState] = useDeleteBasketLineMutation();
  const busy = updateState.isLoading || removeState.isLoading;
  const editable = line.additionalCharge === 'False';

  const setQuantity = (q: number) => setDraft(line.lineNumber, q);
  // Focus follows the edit (line-focus.ts): the quantity while editing, Edit when done.
  const startEdit = () => {
    setDraft(line.lineNumber, line.quantity);
    focusLineQuantity(line.lineNumber);
  };
  const stopEdit = () => setDraft(line.lineNumber, undefined);
  const cancel = () => {
    stopEdit();
    focusLineAction(line.lineNumber);
  };
  const confirm = async () => {
    if (quantity < 1 || busy) return;
    if (quantity === line.quantity) {
      cancel();
      return;
    }
    try {
      await update({ lineNumber: line.lineNumber, quantity }).unwrap();
      cancel();
      if (quantity > parseStock(line.stock)) toast.warning(MSG.updatedLineLowStock(line.itemNumber));
      else toast.success(MSG.updatedLine(line.itemNumber));
    } catch {
      focusLineQuantity(line.lineNumber);
      toast.error(MSG.updateLineFailed(line.itemNumber));
    }
  };
  const removeLine = async () => {
    const neighbour = neighbourLine(line.lineNumber);
    try {
      await remove(line.lineNumber).unwrap();
      stopEdit();
      focusAfterRemoval(line.lineNumber, neighbour);
      toast.success(MSG.removedLine(line.itemNumber));
    } catch {
      focusLineAction(line.lineNumber, 'remove');
      toast.error(MSG.removeLineFailed(line.itemNumber));
    }
  };
  return { editing, quantity, setQuantity, busy, editable, startEdit, cancel, confirm, removeLine };
}

type Editor = ReturnType<typeof useLineEditor>;

function QuantityCell({ line, editor }: { line: BasketLine; editor: Editor }) {
  if (!editor.editing) return <span className="tabular-nums">{line.quantity}</span>;
  return (
    <QuantityStepper
      min={1}
      value={editor.quantity}
      onChange={editor.setQuantity}
      onEnter={() => void editor.confirm()}
      onEscape={editor.cancel}
      label={`Quantity of ${line.itemNumber}`}
      disabled={editor.busy}
    />
  );
}

function LineActions({ line, editor }: { line: BasketLine; editor: Editor }) {
  if (!editor.editable) return null;
  const escapeCancels = (e: KeyboardEvent) => {
    if (e.key === 'Escape') editor.cancel();
  };
  if (editor.editing)
    return (
      <div className="flex justify-end gap-1">
        <button
          type="button"
          className={cx(iconButton, 'text-emerald-700')}
          aria-label={`Confirm quantity of ${line.itemNumber}`}
          disabled={editor.busy || editor.quantity < 1}
          onClick={() => void editor.confirm()}
          onKeyDown={escapeCancels}
        >
          {editor.busy ? <Spinner decorative size="sm" /> : <CheckIcon />}
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={`Cancel editing ${line.itemNumber}`}
          disabled={editor.busy}
          onClick={editor.cancel}
          onKeyDown={escapeCancels}
        >
          <CrossIcon />
        </button>
      </div>
    );
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        className={iconButton}
        aria-label={`Edit quantity of ${line.itemNumber}`}
        data-line-action="edit"
        disabled={editor.busy}
        onClick={editor.startEdit}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className={cx(iconButton, 'text-red-700 hover:text-red-800')}
        aria-label={`Remove ${line.itemNumber} from basket`}
        data-line-action="remove"
        disabled={editor.busy}
        onClick={() => void editor.removeLine()}
      >
        <TrashIcon />
      </button>
    </div>
  );
}

export function LineRow({ line, symbol, edits, promise }: LineProps) {
  const editor = useLineEditor(line, edits);
  const charge = line.additionalCharge === 'True';
  return (
    <tr
      data-basket-line={line.lineNumber}
      className={cx('border-b border-slate-200 align-middle', charge && 'bg-slate-50 text-slate-700')}
    >
      <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-900">{charge ? '' : line.itemNumber}</td>
      <td className="px-3 py-3">
        {line.description}
        <LineDeliveryPromise promise={promise} />
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{line.stock}</td>
      <td className="px-3 py-3">{charge ? '' : line.unit}</td>
      <td className="px-3 py-3 text-right">
        <QuantityCell line={line} editor={editor} />
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{charge ? '' : formatPercent(line.discountPercentage)}</td>
      <td className="px-3 py-3 text-right tabular-nums">{formatUnitPrice(line.discountPrice, symbol)}</td>
      <td className="px-3 py-3 text-right font-medium tabular-nums">{formatMoney(line.totalLinePrice, symbol)}</td>
      <td className="px-2 py-2">
        <LineActions line={line} editor={editor} />
      </td>
    </tr>
  );
}

export function LineCard({ line, symbol, edits, promise }: LineProps) {
  const editor = useLineEditor(line, edits);
  const charge = line.additionalCharge === 'True';
  return (
    <li
      data-basket-line={line.lineNumber}
      className={cx('rounded-lg border border-slate-200 p-4 shadow-sm', charge ? 'bg-slate-50' : 'bg-white')}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          {!charge && <p className="font-semibold text-slate-900">{line.itemNumber}</p>}
          <p className="text-sm text-slate-700">
            {line.description}
            <LineDeliveryPromise promise={promise} />
          </p>
        </div>
        <LineActions line={line} editor={editor} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {!charge && (
          <>
            <dt className="text-slate-600">Stock</dt>
            <dd className="text-right tabular-nums">{line.stock}</dd>
            <dt className="text-slate-600">Disc %</dt>
            <dd className="text-right tabular-nums">{formatPercent(line.discountPercentage)}</dd>
          </>
        )}
        <dt className="text-slate-600">Disc. Price</dt>
        <dd className="text-right tabular-nums">{formatUnitPrice(line.discountPrice, symbol)}</dd>
        <dt className="self-center text-slate-600">Qty</dt>
        <dd className="text-right">
          <QuantityCell line={line} editor={editor} />
        </dd>
        <dt className="font-medium text-slate-800">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(line.totalLinePrice, symbol)}</dd>
      </dl>
    </li>
  );
}
