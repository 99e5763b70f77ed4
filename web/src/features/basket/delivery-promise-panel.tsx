import { DELIVERY_MSG } from '@wholesale/contract';
import { Panel } from '../../components/panel';
import { DeliveryPromiseList } from '../../components/delivery-promise-list';
import { useGetDeliveryPromiseQuery } from '../../lib/delivery-promise-api';

/**
 * Delivery promise under the basket lines (issue 27 item 2): the day's order cut-off and each
 * line's promise from stock and the due-in schedule, all worded by the server. Nothing shows
 * until it has loaded, or when it cannot (the basket itself stays usable).
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
      <div className="mt-2">
        <DeliveryPromiseList lines={data.lines} label={DELIVERY_MSG.linesLabel} />
      </div>
    </Panel>
  );
}
