import { DELIVERY_MSG, type OpenOrder } from '@wholesale/contract';
import { Panel } from '../../components/panel';
import { DeliveryPromiseList } from '../../components/delivery-promise-list';
import { useGetOrderDeliveryPromiseQuery } from '../../lib/delivery-promise-api';

/**
 * Open Order Enquiry's delivery block: how the buyer chose to have the order sent
 * at review, and for the lines still to send their promise from today's stock and due-in (none
 * once the order has shipped or been cancelled).
 */
export function OrderDeliveryPromise({ order }: { order: OpenOrder }) {
  const { data, isError } = useGetOrderDeliveryPromiseQuery(order.orderNumber);
  const preference = order.shipmentPreference;
  const choice = data?.preferenceText ?? (preference ? DELIVERY_MSG.preference[preference] : undefined);
  if (!choice && !data) return null;
  return (
    <Panel title={DELIVERY_MSG.heading}>
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
    </Panel>
  );
}
