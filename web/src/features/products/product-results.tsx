import { MSG, QUICK_MSG, formatUnitPrice, type Product, ORDERING_ROLES } from '@wholesale/contract';
import { useRef, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { QuantityStepper } from '../../components/quantity-stepper';
import { Spinner } from '../../components/spinner';
import { cx } from '../../lib/cx';
import { focusWhenReady } from '../../lib/focus';
import { may, selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { ProductThumbnail } from './product-thumbnail';
import { useAddFavouriteMutation, useRemoveFavouriteMutation } from './products-api';
import type { ProductModal } from './search-state';
import { useAddToBasket } from './use-add-to-basket';

export interface RowCallbacks {
  symbol: string;
  onModal: (modal: NonNullable<ProductModal>) => void;
  onFavouriteChanged: (itemNumber: string, isFavourite: boolean) => void;
}

const count = (n: number) => n.toLocaleString('en-GB');

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className="size-5"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="m10 2.5 2.3 4.8 5.2.7-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2L2.5 8l5.2-.7z" strokeLinejoin="round" />
    </svg>
  );
}

function TruckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M2 5h10v8H2zM12 8h3.5L18 11v2h-6z" strokeLinejoin="round" />
      <circle cx="5.5" cy="14.5" r="1.5" fill="white" />
      <circle cx="14.5" cy="14.5" r="1.5" fill="white" />
    </svg>
  );
}

/** The favourite toggle: adds or removes, and the row's flag changes in place on success. */
function FavouriteToggle({
  product,
  onFavouriteChanged,
}: { product: Product } & Pick<RowCallbacks, 'onFavouriteChanged'>) {
  const [addFavourite, adding] = useAddFavouriteMutation();
  const [removeFavourite, removing] = useRemoveFavouriteMutation();
  const busy = adding.isLoading || removing.isLoading;
  const toggle = async () => {
    const next = !product.isFavourite;
    try {
      await (next ? addFavourite(product.itemNumber) : removeFavourite(product.itemNumber)).unwrap();
      onFavouriteChanged(product.itemNumber, next);
    } catch {
      toast.error(next ? MSG.addFavouriteFailed : MSG.removeFavouriteFailed);
    }
  };
  return (
    <button
      type="button"
      aria-label={`Favorite ${product.itemNumber}`}
      aria-pressed={product.isFavourite}
      disabled={busy}
      onClick={() => void toggle()}
      className={cx(
        'inline-flex size-8 items-center justify-center rounded-md hover:bg-amber-50 disabled:opacity-50',
        product.isFavourite ? 'text-amber-500' : 'text-slate-400 hover:text-amber-500',
      )}
    >
      <StarIcon filled={product.isFavourite} />
    </button>
  );
}

function ScheduleButton({ product, onModal }: { product: Product } & Pick<RowCallbacks, 'onModal'>) {
  if (product.quantityDue <= 0) return null;
  return (
    <button
      type="button"
      aria-label={`Delivery schedule of ${product.itemNumber}`}
      onClick={() => onModal({ kind: 'schedule', product })}
      className="inline-flex size-8 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50"
    >
      <TruckIcon />
    </button>
  );
}

function MultiBuyLink({ product, onModal }: { product: Product } & Pick<RowCallbacks, 'onModal'>) {
  if (!product.hasMultiBuyDiscount) return null;
  return (
    <button
      type="button"
      aria-label={`Multi Buy offer for ${product.itemNumber}`}
      onClick={() => onModal({ kind: 'multiBuy', product })}
      className="font-semibold text-brand-700 underline decoration-1 underline-offset-2 hover:text-brand-900"
    >
      Offer
    </button>
  );
}

/**
 * A quantity that is not whole packs: says how the item is sold and offers to round up to whole
 * packs. Never refuses: the quantity can still be added as it is.
 */
function PackHint({
  product,
  quantity,
  onRoundUp,
}: {
  product: Product;
  quantity: number;
  onRoundUp: (q: number) => void;
}) {
  const pack = product.packQuantity;
  if (pack <= 1 || quantity <= 0 || quantity % pack === 0) return null;
  const up = Math.ceil(quantity / pack) * pack;
  return (
    <p className="flex flex-wrap items-center justify-end gap-x-2 text-xs text-slate-700" data-testid="pack-hint">
      <span role="status">{QUICK_MSG.soldInPacks(pack)}</span>
      <button
        type="button"
        onClick={() => onRoundUp(up)}
        aria-label={QUICK_MSG.roundUpToPackLabel(up, product.itemNumber)}
        className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        {QUICK_MSG.roundUpToPack(up)}
      </button>
    </p>
  );
}

function AddControls({ product, compact = false }: { product: Product; compact?: boolean }) {
  const { quantity, setQuantity, add: addLine, adding, canAdd } = useAddToBasket(product);
  const input = useRef<HTMLInputElement>(null);
  // Adding disables the Add button and the field (and Add stays disabled at quantity 0), which
  // drops focus to <body>: it goes back to the field, ready for the next quantity.
  const add = async () => {
    await addLine();
    focusWhenReady(() => (input.current && !input.current.disabled ? input.current : null), { onlyIfLost: true });
  };
  return (
    <div className="space-y-1">
      <div className={cx('flex items-center gap-2', compact ? 'justify-between' : 'justify-end')}>
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          onEnter={() => void add()}
          min={0}
          label={`Quantity of ${product.itemNumber}`}
          disabled={adding}
          inputRef={input}
        />
        <Button
          onClick={() => void add()}
          disabled={!canAdd}
          aria-label={`Add ${product.itemNumber} to basket`}
          className="min-w-16 px-3"
        >
          {adding ? <Spinner decorative size="sm" /> : 'Add'}
        </Button>
      </div>
      <PackHint product={product} quantity={quantity} onRoundUp={setQuantity} />
    </div>
  );
}

const HEADERS = [
  { label: 'Image', sr: true },
  { label: 'Item' },
  { label: 'Favorite', sr: true },
  { label: 'Stock', num: true },
  { label: 'Qty Due', num: true },
  { label: 'Pack Qty', num: true },
  { label: 'Due Date' },
  { label: 'Unit' },
  { label: 'Delivery schedule', sr: true },
  { label: 'Multi Buy' },
  { label: 'List Price', num: true },
  { label: 'Discount Price', num: true },
  { label: 'Quantity', sr: true },
];

/** Wide screens: the results table with every column of spec section 2. */
export function ProductTable({
  products,
  symbol,
  onModal,
  onFavouriteChanged,
}: { products: Product[] } & RowCallbacks) {
  // Adding to the basket is ordering: a role that may not order sees the range without it.
  const orders = may(useAppSelector(selectUser), ORDERING_ROLES);
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">Products</caption>
        <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
          <tr>
            {(orders ? HEADERS : HEADERS.slice(0, -1)).map((h) => (
              <th key={h.label} scope="col" className={cx('px-2 py-2', h.num && 'text-right')}>
                {h.sr ? <span className="sr-only">{h.label}</span> : h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.map((p) => (
            <tr key={p.itemNumber} className="hover:bg-slate-50">
              <td className="px-2 py-2">
                <ProductThumbnail product={p} onOpen={() => onModal({ kind: 'image', product: p })} />
              </td>
              <td className="min-w-48 px-2 py-2">
                <div className="font-semibold whitespace-nowrap text-slate-900">{p.itemNumber}</div>
                <div className="text-slate-700">{p.description}</div>
              </td>
              <td className="px-1 py-2">
                <FavouriteToggle product={p} onFavouriteChanged={onFavouriteChanged} />
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{count(p.stock)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{count(p.quantityDue)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{count(p.packQuantity)}</td>
              <td className="px-2 py-2 tabular-nums whitespace-nowrap">{p.dueDate ?? ''}</td>
              <td className="px-2 py-2">{p.unit}</td>
              <td className="px-1 py-2">
                <ScheduleButton product={p} onModal={onModal} />
              </td>
              <td className="px-2 py-2">
                <MultiBuyLink product={p} onModal={onModal} />
              </td>
              {/* A unit price like the discount price: components are priced to 5 decimals, and
                  rounding their list price to pence would misstate it. */}
              <td className="px-2 py-2 text-right tabular-nums whitespace-nowrap">
                {formatUnitPrice(p.price, symbol)}
              </td>
              <td className="px-2 py-2 text-right font-semibold tabular-nums whitespace-nowrap">
                {formatUnitPrice(p.discountPrice, symbol)}
              </td>
              {orders && (
                <td className="px-2 py-2">
                  <AddControls product={p} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}

/** Narrow screens: one compact card per product, with the same facts and actions. */
export function ProductCards({
  products,
  symbol,
  onModal,
  onFavouriteChanged,
}: { products: Product[] } & RowCallbacks) {
  const orders = may(useAppSelector(selectUser), ORDERING_ROLES);
  return (
    <ul aria-label="Products" className="space-y-3">
      {products.map((p) => (
        <li key={p.itemNumber} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <div className="flex gap-3">
            <ProductThumbnail product={p} onOpen={() => onModal({ kind: 'image', product: p })} size="size-16" />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <div className="font-semibold text-slate-900">{p.itemNumber}</div>
                <div className="-mt-1 -mr-1 flex">
                  <ScheduleButton product={p} onModal={onModal} />
                  <FavouriteToggle product={p} onFavouriteChanged={onFavouriteChanged} />
                </div>
              </div>
              <p className="text-sm text-slate-700">{p.description}</p>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
            <Fact label="Stock">{count(p.stock)}</Fact>
            <Fact label="Qty Due">{count(p.quantityDue)}</Fact>
            <Fact label="Due Date">{p.dueDate ?? '-'}</Fact>
            <Fact label="Pack Qty">{count(p.packQuantity)}</Fact>
            <Fact label="Unit">{p.unit}</Fact>
            <Fact label="Multi Buy">
              {p.hasMultiBuyDiscount ? <MultiBuyLink product={p} onModal={onModal} /> : '-'}
            </Fact>
            <Fact label="List Price">{formatUnitPrice(p.price, symbol)}</Fact>
            <Fact label="Discount Price">
              <span className="font-semibold">{formatUnitPrice(p.discountPrice, symbol)}</span>
            </Fact>
          </dl>
          {orders && (
            <div className="mt-3 border-t border-slate-100 pt-3">
              <AddControls product={p} compact />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
