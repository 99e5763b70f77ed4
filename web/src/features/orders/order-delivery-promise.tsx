import { DELIVERY_MSG, type OpenOrder } from '@wholesale/contract';
import { DeliveryPromiseList } from '../../components/delivery-promise-list';
import { useGetOrderDeliveryPromiseQuery } from '../../lib/delivery-promise-api';

/**
 * Open Order Enquiry's delivery block (issue 27 item 2): how the buyer chose to have the order sent
 * at review, and for the lines still to send their promise from today's stock and due-in (none
 * once the order has shipped or been cancelled).
 */
export function OrderDeliveryPromise({ order }: { order: OpenOrder }) {
  const { data, isError } = useGetOrderDeliveryPromiseQuery(order.orderNumber);
  const preference = order.shipmentPreference;
  const choice = data?.preferenceText ?? (preference ? DELIVERY_MSG.preference[preference] : undefined);
  if (!choice && !data) return null;
  return (
    <section
      aria-labelledby="order-delivery-title"
      className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
    >
      <h2 id="order-delivery-title" className="text-lg font-semibold text-brand-900">
        {DELIVERY_MSG.heading}
      </h2>
      {choice && (
        <p className="mt-1 text-sm">
          {DELIVERY_MSG.choiceLabel}: <span className="font-semibold">{choice}</span>
        </p>
      )}
      {isError && <p className="mt-2 text-sm text-slate-700">{DELIVERY_MSG.promiseUnavailable}</p>}
      {data && data.lines.length > 0 && (
        <div className="mt-2">
          <DeliveryPromiseList lines={data.lines} label={DELIVERY_MSG.orderLinesLabel} />
        </div>
      )}
    </section>
  );
}
