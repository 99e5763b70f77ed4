import { MSG, formatUnitPrice, type Product } from '@wholesale/contract';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useGetProductImageQuery, useListDeliveryScheduleQuery, useListMultiBuyDiscountsQuery } from './products-api';
import type { ProductModal } from './search-state';

/** A failed load shows its message once and closes the modal. */
function useCloseOnError(isError: boolean, message: string, onClose: () => void) {
  useEffect(() => {
    if (!isError) return;
    toast.error(message, { toastId: message });
    onClose();
  }, [isError, message, onClose]);
}

function Loading() {
  return (
    <div className="flex items-center gap-3 py-6 text-slate-700">
      <Spinner decorative /> <span role="status">Loading...</span>
    </div>
  );
}

function SmallTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: [string, string];
  children: ReactNode;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2">
            {headers[0]}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {headers[1]}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}

const subtitle = (p: Product) => (
  <p className="mb-3 text-sm text-slate-700">
    <span className="font-semibold text-slate-900">{p.itemNumber}</span> {p.description}
  </p>
);

function MultiBuyModal({ product, symbol, onClose }: { product: Product; symbol: string; onClose: () => void }) {
  const { data, isFetching, isError } = useListMultiBuyDiscountsQuery(product.itemNumber, {
    refetchOnMountOrArgChange: true,
  });
  useCloseOnError(isError, MSG.multiBuyFailed, onClose);
  return (
    <Modal open onClose={onClose} title="Multi Buy">
      {subtitle(product)}
      {isFetching || !data ? (
        <Loading />
      ) : data.length === 0 ? (
        <p>No multi-buy offers for this item.</p>
      ) : (
        <SmallTable caption={`Multi-buy prices for ${product.itemNumber}`} headers={['Min Qty', 'Price']}>
          {data.map((t) => (
            <tr key={t.minimumQuantity}>
              <td className="px-3 py-2 tabular-nums">{t.minimumQuantity.toLocaleString('en-GB')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatUnitPrice(t.price, symbol)}</td>
            </tr>
          ))}
        </SmallTable>
      )}
    </Modal>
  );
}

function ScheduleModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const { data, isFetching, isError } = useListDeliveryScheduleQuery(product.itemNumber, {
    refetchOnMountOrArgChange: true,
  });
  // Deviation from the spec's catalogue: its own message instead of the multi-buy one (docs/spec-deviations.md).
  useCloseOnError(isError, MSG.scheduleFailed, onClose);
  return (
    <Modal open onClose={onClose} title="Delivery schedule">
      {subtitle(product)}
      {isFetching || !data ? (
        <Loading />
      ) : data.length === 0 ? (
        <p>No deliveries are due for this item.</p>
      ) : (
        <SmallTable caption={`Deliveries due for ${product.itemNumber}`} headers={['Qty', 'Date']}>
          {data.map((d, i) => (
            <tr key={`${d.date}-${i}`}>
              <td className="px-3 py-2 tabular-nums">{d.quantity.toLocaleString('en-GB')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{d.date}</td>
            </tr>
          ))}
        </SmallTable>
      )}
    </Modal>
  );
}

function ImageModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const { data: url, isFetching, isError } = useGetProductImageQuery({ itemNumber: product.itemNumber, imageType: 1 });
  useCloseOnError(isError, MSG.imageFailed, onClose);
  return (
    <Modal open onClose={onClose} title="Product Image" size="lg">
      {subtitle(product)}
      {isFetching || !url ? (
        <Loading />
      ) : (
        <img src={url} alt={product.description} className="mx-auto max-h-[70vh] w-full object-contain" />
      )}
    </Modal>
  );
}

/** The three modals of the screen; one open at a time (spec section 2). */
export function ProductModals({
  modal,
  symbol,
  onClose,
}: {
  modal: ProductModal;
  symbol: string;
  onClose: () => void;
}) {
  if (!modal) return null;
  switch (modal.kind) {
    case 'multiBuy':
      return <MultiBuyModal product={modal.product} symbol={symbol} onClose={onClose} />;
    case 'schedule':
      return <ScheduleModal product={modal.product} onClose={onClose} />;
    case 'image':
      return <ImageModal product={modal.product} onClose={onClose} />;
  }
}
