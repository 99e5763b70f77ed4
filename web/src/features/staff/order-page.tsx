import { DELIVERY_MSG } from '@wholesale/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { Link, useSearchParams } from '../../lib/router';
import type { StaffOrderDetail } from '@wholesale/contract/staff';
import { money, when } from './format';
import {
  useGetStaffOrderQuery,
  useResendOrderAcknowledgementMutation,
  useSetStaffOrderStatusMutation,
} from './orders-api';
import { statusOf } from './staff-api';
import { StaffFrame, useStaff } from './staff-frame';
import { STAFF_MSG } from './staff-messages';
import { can } from './staff-session';
import { Facts, Outcome, QueryState, inputClass, labelClass } from './ui';

export function StaffOrderPage() {
  return (
    <StaffFrame>
      <Order />
    </StaffFrame>
  );
}

function Order() {
  const [params] = useSearchParams();
  const orderNumber = params.get('order') ?? '';
  const { data, isLoading, error } = useGetStaffOrderQuery(orderNumber, { skip: !orderNumber });
  return (
    <>
      <PageHeading title={data ? `Order ${data.orderNumber}` : 'Order'}>
        <Link to="/staff/orders" className="text-sm text-brand-700 underline">
          All orders
        </Link>
      </PageHeading>
      <QueryState isLoading={isLoading} error={error} />
      {data && <OrderBody o={data} />}
    </>
  );
}

function OrderBody({ o }: { o: StaffOrderDetail }) {
  const staff = useStaff();
  const d = o.deliveryAddress;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Summary">
        <div className="mt-3">
          <Facts
            items={[
              [
                'Account',
                <Link
                  key="a"
                  className="text-brand-700 underline"
                  to={`/staff/customer?customer=${encodeURIComponent(o.customerNumber)}`}
                >
                  {o.accountName} ({o.customerNumber})
                </Link>,
              ],
              ['Status', o.status],
              ['Reference', o.reference],
              ['Placed by', o.placedBy ?? 'The ERP'],
              ['Ordered', when(o.orderedDate)],
              ['Despatched', when(o.despatchDate) || 'Not yet'],
              ['Ship', DELIVERY_MSG.preference[o.shipmentPreference]],
              [
                'Deliver to',
                [d.name, d.address1, d.address2, d.city, d.county, d.postcode, d.country].filter(Boolean).join(', '),
              ],
              ['Tracking numbers', o.trackingNumbers.join(', ') || 'None'],
              ['ERP reference', o.erpReference ?? 'None yet'],
              ['Goods', money(o.amount, o.currency)],
              ['VAT', money(o.vat, o.currency)],
              ['Total', money(o.total, o.currency)],
            ]}
          />
        </div>
      </Panel>
      <Panel title="Payment">
        <div className="mt-3">
          {o.payment ? (
            <Facts
              items={[
                ['Card payment', o.payment.id],
                ['Status', o.payment.status],
                ['Amount', money(o.payment.amount, o.currency)],
                ['Started', when(o.payment.createdAt)],
              ]}
            />
          ) : (
            <p className="text-sm">On account (no card payment).</p>
          )}
          {o.cancellation && <p className="mt-3 text-sm">Cancelled.</p>}
        </div>
      </Panel>
      <Panel title="Lines" className="lg:col-span-2">
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Order lines</caption>
          <thead className="hidden md:table-header-group">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Item
              </th>
              <th scope="col" className="py-1 pr-3">
                Description
              </th>
              <th scope="col" className="py-1 pr-3">
                Quantity
              </th>
              <th scope="col" className="py-1 pr-3">
                Shipped
              </th>
              <th scope="col" className="py-1 pr-3">
                Unit price
              </th>
              <th scope="col" className="py-1">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.lineNo} className="block border-t border-slate-200 py-2 md:table-row">
                <td className="block md:table-cell md:py-1 md:pr-3">{l.itemNumber}</td>
                <td className="block md:table-cell md:py-1 md:pr-3">{l.description}</td>
                <td className="block md:table-cell md:py-1 md:pr-3">
                  <span className="md:hidden">Quantity: </span>
                  {l.quantity} {l.unit}
                </td>
                <td className="block md:table-cell md:py-1 md:pr-3">
                  <span className="md:hidden">Shipped: </span>
                  {l.quantityShipped}
                </td>
                <td className="block md:table-cell md:py-1 md:pr-3">
                  <span className="md:hidden">Unit price: </span>
                  {money(l.unitPrice, o.currency)}
                </td>
                <td className="block md:table-cell md:py-1">
                  <span className="md:hidden">Total: </span>
                  {money(l.total, o.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      {can.changeOrders(staff.role) && <StatusForm o={o} />}
      <Panel title="Events">
        <ol className="mt-3 space-y-2 text-sm">
          {o.events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <span className="font-medium">{when(e.at)}</span> · {e.kind}: {e.detail}
            </li>
          ))}
          {o.events.length === 0 && <li>{STAFF_MSG.none}</li>}
        </ol>
      </Panel>
    </div>
  );
}

function StatusForm({ o }: { o: StaffOrderDetail }) {
  const [status, setStatus] = useState(o.allowedStatuses[0] ?? '');
  const [tracking, setTracking] = useState('');
  const [setOrderStatus, { isLoading, error, isSuccess, reset }] = useSetStaffOrderStatusMutation();
  const [resend, resendState] = useResendOrderAcknowledgementMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!status) return;
    reset();
    void setOrderStatus({
      orderNumber: o.orderNumber,
      status: status as StaffOrderDetail['allowedStatuses'][number],
      trackingNumbers: tracking.split(/[\s,]+/).filter(Boolean),
      updatedAt: o.updatedAt,
    });
  };
  // A 409 carries the order as it is now: the page refetches it (the mutation invalidates it) and
  // the message says what happened.
  const conflict = statusOf(error) === 409;
  return (
    <Panel title="Change status">
      <form onSubmit={submit} className="mt-3 space-y-3" noValidate>
        {o.allowedStatuses.length === 0 ? (
          <p className="text-sm">This order’s status cannot change any more.</p>
        ) : (
          <>
            <div>
              <label htmlFor="new-status" className={labelClass}>
                New status
              </label>
              <select id="new-status" className={inputClass} value={status} onChange={(e) => setStatus(e.target.value)}>
                {o.allowedStatuses.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </div>
            <TextField
              label="Tracking numbers"
              hint="Separate several with spaces or commas"
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
            />
            <Button type="submit" disabled={isLoading}>
              Change status
            </Button>
          </>
        )}
        <Outcome error={error} success={isSuccess ? 'Status changed.' : undefined} />
        {conflict && <p className="text-sm">The order above shows its current state.</p>}
        <div className="border-t border-slate-200 pt-3">
          <Button variant="secondary" disabled={resendState.isLoading} onClick={() => void resend(o.orderNumber)}>
            Resend the acknowledgement
          </Button>
          <div className="mt-2">
            <Outcome error={resendState.error} success={resendState.data?.message} />
          </div>
        </div>
      </form>
    </Panel>
  );
}
