import { DELIVERY_MSG } from '@wholesale/contract';
import { Panel } from '../../components/panel';
import { useGetDeliveryPromiseQuery } from '../../lib/delivery-promise-api';

/**
 * Delivery promise under the basket lines: the day's order cut-off, worded by the
 * server. Each line's promise sits in its own row or card (basket-line.tsx). Nothing shows until it
 * has loaded; when it cannot load, this says so once for the whole basket (the basket stays usable).
 */
export function DeliveryPromisePanel() {
  const { data, isError } = useGetDeliveryPromiseQuery();
  if (isError)
    return (
      <p role="status" className="mt-6 text-sm text-slate-700">
        {DELIVERY_MSG.promiseUnavailable}
      </p>
    );
  if (!data || data.lines.length === 0) return null;
  return (
    <Panel title={DELIVERY_MSG.heading} className="mt-6">
      <p className="mt-1 text-sm font-medium text-brand-800">{data.cutOff.text}</p>
    </Panel>
  );
}
