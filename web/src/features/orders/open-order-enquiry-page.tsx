import {
  APPROVAL_STATUSES,
  APPROVED_AWAITING_PAYMENT,
  AWAITING_APPROVAL,
  MSG,
  ORDER_MSG,
  orderCancellable,
  type CopyOrderMode,
  type OpenOrder,
  type OrderDeliveryAddress,
  ORDERING_ROLES,
} from '@wholesale/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyOrderDialog, useCopyOrderToBasket } from '../../components/copy-order-dialog';
import { DocumentLinesTable, OrderSummaryBlock } from '../../components/order-document';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { may, selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { useGetSettingsQuery } from '../../lib/settings-api';
import { OrderStatusBadge } from './order-status-badge';
import { mayPayOrder, PayNowButton } from './pay-approved-order';
import { ApprovalNotes, WithdrawButton } from './approval-notes';
import { OrderDeliveryPromise } from './order-delivery-promise';
import {
  errorMessage,
  errorStatus,
  useCancelOrderMutation,
  useDownloadOrderStatementMutation,
  useListOpenOrdersQuery,
  useTrackOrderQuery,
} from './orders-api';
import { TrackingLinks } from './tracking-dialog';

function OrderBreadcrumb({ orderNumber }: { orderNumber?: string }) {
  return (
    <Breadcrumb
      parent={{ to: '/open-orders', label: 'Open Orders' }}
      current={orderNumber ? `Order ${orderNumber}` : 'Open Order Enquiry'}
    />
  );
}

/**
 * Open Order Enquiry (/open-order-enquiry?order=SO-123): the selected order's summary and lines,
 * the Order Summary PDF, Copy Order and Cancel Order with their confirmation dialogs (spec
 * section 2). The order is addressed by the URL, so a reload shows it again.
 */
export function OpenOrderEnquiryPage() {
  const [params] = useSearchParams();
  const orderNumber = params.get('order')?.trim() ?? '';
  const { order, isLoading } = useListOpenOrdersQuery(undefined, {
    selectFromResult: ({ data, isLoading }) => ({
      order: data?.find((o) => o.orderNumber === orderNumber),
      isLoading,
    }),
  });

  if (isLoading) {
    return (
      <div>
        <OrderBreadcrumb />
        <PageHeading title="Open Order Enquiry" />
        <div className="flex items-center gap-3 py-10 text-slate-700">
          <Spinner decorative /> <span role="status">Loading order...</span>
        </div>
      </div>
    );
  }
  // A refetch that failed keeps the order on screen (the connection notice says why).
  if (!order) {
    return (
      <div>
        <OrderBreadcrumb />
        <PageHeading title="Open Order Enquiry" />
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {MSG.selectOrderFailed}
        </p>
        <p className="mt-4">
          <Link to="/open-orders" className="font-medium text-brand-700 underline underline-offset-2">
            Back to Open Orders
          </Link>
        </p>
      </div>
    );
  }
  // Keyed by order: the dialogs start closed for every order opened.
  return <OrderEnquiry key={order.orderNumber} order={order} />;
}

/** Where the order goes: the address it was placed with, one line each (blank parts left out). */
function DeliveryAddress({ address }: { address: OrderDeliveryAddress }) {
  const lines = [
    address.name,
    address.address1,
    address.address2,
    address.city,
    address.county,
    address.postcode,
    address.country,
  ]
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    <Panel title={ORDER_MSG.deliveryAddressHeading}>
      <address className="mt-2 text-slate-900 not-italic">
        {lines.map((l, i) => (
          <span key={i} className="block">
            {l}
          </span>
        ))}
      </address>
    </Panel>
  );
}

/** The order's tracking numbers as links to the carrier, once it has some. */
function OrderTracking({ orderNumber }: { orderNumber: string }) {
  const { data } = useTrackOrderQuery(orderNumber);
  if (!data || data.trackingId.length === 0) return null;
  return (
    <Panel title={ORDER_MSG.trackingHeading}>
      <div className="mt-2">
        <TrackingLinks ids={data.trackingId} />
      </div>
    </Panel>
  );
}

function OrderEnquiry({ order }: { order: OpenOrder }) {
  const user = useAppSelector(selectUser);
  const symbol = user?.currencySymbol ?? '£';
  const navigate = useNavigate();
  const [copyOpen, setCopyOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [copyToBasket, copy] = useCopyOrderToBasket();
  const [cancelOrder, cancel] = useCancelOrderMutation();
  const [downloadStatement, download] = useDownloadOrderStatementMutation();
  const { data: settings } = useGetSettingsQuery();
  // Copy and Cancel are ordering: a role that may not order sees neither, nor why it could not cancel.
  const orders = may(user, ORDERING_ROLES);
  // Offered only when it can succeed; otherwise the reason is shown where the button would be.
  const canCancel = orders && !user?.isProforma && orderCancellable(order.status);
  const email = settings?.supportEmail ?? '';
  const cancelRefusal =
    !orders ||
    user?.isProforma ||
    canCancel ||
    order.status === 'Cancelled' ||
    (APPROVAL_STATUSES as readonly string[]).includes(order.status)
      ? undefined
      : order.status === 'Shipped'
        ? MSG.cancelShipped(email)
        : MSG.cancelNotAllowed(email);

  const onDownload = async () => {
    try {
      await downloadStatement({ order, user }).unwrap();
    } catch {
      toast.error(MSG.statementFailed);
    }
  };

  const onCopy = async (mode: CopyOrderMode) => {
    await copyToBasket(order.orderNumber, mode);
    setCopyOpen(false);
  };

  const onCancel = async () => {
    try {
      const result = await cancelOrder(order.orderNumber).unwrap();
      toast.success(MSG.orderCancelled(result.orderNumber));
      setCancelOpen(false);
      navigate('/open-orders');
    } catch (error) {
      setCancelOpen(false);
      // A refusal (proforma, In Progress, Shipped) carries the spec's text naming the support email.
      const status = errorStatus(error);
      const message = status === 403 || status === 409 ? errorMessage(error) : undefined;
      toast.error(message ?? MSG.cancelOrderFailed);
    }
  };

  return (
    <div>
      <OrderBreadcrumb orderNumber={order.orderNumber} />
      <PageHeading title="Open Order Enquiry">
        <div className="flex flex-wrap gap-3">
          {orders && (
            <Button variant="secondary" onClick={() => setCopyOpen(true)}>
              Copy Order
            </Button>
          )}
          {canCancel && (
            <Button variant="danger" onClick={() => setCancelOpen(true)}>
              Cancel Order
            </Button>
          )}
          {mayPayOrder(order, user) && <PayNowButton orderNumber={order.orderNumber} className="px-4 py-2" />}
          {(order.status === AWAITING_APPROVAL || order.status === APPROVED_AWAITING_PAYMENT) && order.placedByMe && (
            <WithdrawButton orderNumber={order.orderNumber} />
          )}
        </div>
      </PageHeading>

      <ApprovalNotes order={order} />
      {order.cancellation && (
        <p className="mb-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm font-medium text-slate-800">
          {ORDER_MSG.cancelledNote(order.cancellation)}
        </p>
      )}
      {cancelRefusal && (
        <p className="mb-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          {cancelRefusal}
        </p>
      )}
      <div className="space-y-6">
        <OrderSummaryBlock
          title={`Order ${order.orderNumber}`}
          badge={<OrderStatusBadge status={order.status} />}
          orderNumber={order.orderNumber}
          orderDate={order.orderedDate}
          dispatchDate={order.despatchDate}
          customerRef={order.reference}
          amount={order.amount}
          vat={order.vatAmount}
          invoiceTotal={order.invoiceTotal}
          currencySymbol={symbol}
          actions={
            <Button variant="secondary" onClick={onDownload} disabled={download.isLoading}>
              {download.isLoading ? MSG.downloading : 'Order Summary'}
            </Button>
          }
        />
        {order.erpReference && (
          <p className="text-sm">
            Our reference: <span className="font-semibold">{order.erpReference}</span>
          </p>
        )}
        <DocumentLinesTable
          lines={order.openOrderLine}
          currencySymbol={symbol}
          totals={{ net: order.amount, vat: order.vatAmount, gross: order.invoiceTotal }}
        />
        {order.isTrackingAvailable && <OrderTracking orderNumber={order.orderNumber} />}
        {order.deliveryAddress && <DeliveryAddress address={order.deliveryAddress} />}
        <OrderDeliveryPromise order={order} />
      </div>

      <CopyOrderDialog open={copyOpen} busy={copy.isLoading} onCopy={onCopy} onCancel={() => setCopyOpen(false)} />

      {canCancel && (
        <ConfirmDialog
          open={cancelOpen}
          title="Cancel Order"
          question={MSG.cancelOrderQuestion}
          busy={cancel.isLoading}
          busyLabel={MSG.cancelling}
          onConfirm={onCancel}
          onCancel={() => setCancelOpen(false)}
          cancelLabel={ORDER_MSG.keepOrder}
          confirmLabel={ORDER_MSG.cancelOrder}
          danger
        />
      )}
    </div>
  );
}
