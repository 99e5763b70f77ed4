import { APPROVED_AWAITING_PAYMENT, AWAITING_APPROVAL, DECLINED, TEAM_MSG, type OpenOrder } from '@wholesale/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage, useWithdrawOrderMutation } from './orders-api';

/** Team accounts on the enquiry: who placed and approved the order; why it was declined; that it waits. */
export function ApprovalNotes({ order }: { order: OpenOrder }) {
  const facts: [string, string][] = [];
  if (order.placedBy) facts.push([TEAM_MSG.placedBy, order.placedBy]);
  if (order.approvedBy) facts.push([TEAM_MSG.approvedBy, order.approvedBy]);
  if (order.declinedBy) facts.push([TEAM_MSG.declinedBy, order.declinedBy]);
  return (
    <>
      {order.status === AWAITING_APPROVAL && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-violet-300 bg-violet-50 px-4 py-3 text-sm text-violet-950"
        >
          {TEAM_MSG.awaitingNote}
        </p>
      )}
      {order.status === APPROVED_AWAITING_PAYMENT && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
        >
          {TEAM_MSG.awaitingPaymentNote}
        </p>
      )}
      {order.status === DECLINED && order.declineReason && (
        <div
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="decline-reason"
        >
          <p className="font-semibold">
            {TEAM_MSG.declinedBy} {order.declinedBy ?? ''}
          </p>
          <p>
            {TEAM_MSG.declineReason}: {order.declineReason}
          </p>
        </div>
      )}
      {facts.length > 0 && (
        <dl className="mb-4 flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Who did what">
          {facts.map(([label, name]) => (
            <div key={label} className="flex gap-1">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{name}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

/** The buyer who submitted an order awaiting approval (or payment) takes it back. */
export function WithdrawButton({ orderNumber }: { orderNumber: string }) {
  const [open, setOpen] = useState(false);
  const [withdraw, { isLoading }] = useWithdrawOrderMutation();
  const onConfirm = async () => {
    try {
      await withdraw(orderNumber).unwrap();
      toast.success(TEAM_MSG.withdrawnToast(orderNumber));
    } catch (err) {
      toast.error(errorMessage(err) ?? 'Unable to withdraw this order');
    }
    setOpen(false);
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {TEAM_MSG.withdraw}
      </Button>
      <ConfirmDialog
        open={open}
        title={`${TEAM_MSG.withdraw} ${orderNumber}`}
        question={TEAM_MSG.withdrawQuestion}
        busy={isLoading}
        busyLabel={TEAM_MSG.withdrawing}
        onConfirm={() => void onConfirm()}
        onCancel={() => setOpen(false)}
        cancelLabel={TEAM_MSG.keepIt}
        confirmLabel={TEAM_MSG.withdraw}
        danger
      />
    </>
  );
}
