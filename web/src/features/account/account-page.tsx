import { MSG, TEAM_MSG, formatMoney, type Invoice, PAYING_ROLES, TEAM_ADMIN_ROLES } from '@wholesale/contract';
import { useCallback, useEffect, useState } from 'react';
import { cx } from '../../lib/cx';
import { Link, useSearchParams } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { may, selectUser } from '../../lib/session';
import { focusWhenReady } from '../../lib/focus';
import { useAppSelector } from '../../lib/store-types';
import { useGetCurrentUserQuery } from '../auth/auth-api';
import { useGetInvoicesQuery } from './account-api';
import { CreditPanel } from './credit-panel';
import { selectedInvoices, selectedTotal, toggleInvoice } from './invoice-selection';
import { InvoiceTable } from './invoice-table';
import { PAY_FORM_ID, PayForm, pendingInvoicePayment, type PendingInvoicePayment } from './pay-form';
import { ResultDialog, paymentOutcomeOf, type PaymentOutcome } from './payment-result-dialog';

export { invoicePaymentPayload, paymentRedirect } from './invoice-payment';

/** My Account (spec section 2): open invoices, selection, the pay form and the payment result dialog. */
export function AccountPage() {
  const storedUser = useAppSelector(selectUser);
  const { data: freshUser } = useGetCurrentUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = freshUser ?? storedUser;
  const { data, isLoading, isError } = useGetInvoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [selected, setSelected] = useState<string[]>([]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  // After a declined or cancelled payment: the invoices, reference and notes the buyer had chosen.
  const [restored, setRestored] = useState<PendingInvoicePayment | null>(null);

  // confirminvoice=success|failure (with payment=declined|cancelled, invoices=N) opens the result
  // dialog once; the parameters are then removed.
  const confirm = searchParams.get('confirminvoice');
  const [seenConfirm, setSeenConfirm] = useState<string | null>(null);
  if (confirm !== seenConfirm) {
    setSeenConfirm(confirm);
    const result = paymentOutcomeOf(searchParams);
    if (result) {
      setOutcome(result);
      const pending = pendingInvoicePayment.read();
      if (pending && (result.kind === 'declined' || result.kind === 'cancelled')) {
        setRestored(pending);
        setSelected(pending.documentNumbers);
      }
    }
  }
  useEffect(() => {
    if (confirm === null) return;
    pendingInvoicePayment.forget();
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['confirminvoice', 'payment', 'invoices']) next.delete(k);
        return next;
      },
      { replace: true },
    );
  }, [confirm, setSearchParams]);
  const payAgain = () => {
    setOutcome(null);
    // The kept choice goes to the hosted page again, as the proforma checkout's Pay again does.
    (document.getElementById(PAY_FORM_ID) as HTMLFormElement | null)?.requestSubmit();
  };

  useEffect(() => {
    // A refetch that failed keeps the invoices on screen (the connection notice says why).
    if (isError && !data) toast.error(MSG.invoicesFailed, { toastId: 'invoices-failed' });
  }, [isError, data]);

  const invoices = data?.invoices ?? [];
  // A selection only ever holds invoices still in the list.
  const chosen = selectedInvoices(invoices, selected);
  const total = selectedTotal(invoices, selected);
  const symbol = user?.currencySymbol ?? '';

  const onToggle = (invoice: Invoice) => {
    const current = invoices.find((i) => i.documentNumber === invoice.documentNumber);
    if (!current?.isPayable) {
      toast.error(MSG.selectInvoiceFailed, { toastId: 'select-invoice-failed' });
      return;
    }
    setSelected((s) => toggleInvoice(s, invoice.documentNumber));
  };
  const goToPayForm = useCallback(() => {
    const revealField = () => {
      const field = document.getElementById('pay-invoices-reference');
      field?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      return field;
    };
    const field = revealField();
    // The form renders only once the invoices are in (pay=overdue from the on-stop notice).
    if (field) field.focus({ preventScroll: true });
    else focusWhenReady(revealField, { preventScroll: true });
  }, []);
  // A credit-and-ageing bucket selects exactly its invoices, then the pay form takes over.
  const selectForPayment = useCallback(
    (documentNumbers: string[]) => {
      setSelected(documentNumbers);
      goToPayForm();
    },
    [goToPayForm],
  );
  // Paying invoices (selecting them, the pay form) is for the roles that may; the others see them.
  const pays = may(user, PAYING_ROLES);
  const allPayable = pays ? invoices.filter((i) => i.isPayable).map((i) => i.documentNumber) : [];
  const allSelected = allPayable.length > 0 && allPayable.every((d) => selected.includes(d));

  return (
    <div>
      <PageHeading title="My Account">
        {user && (
          <div className="flex flex-wrap items-center gap-4">
            {/* Account admins manage the account's users. A text link, as tall as the balance beside
                it: a button would make the heading's row taller than the static shell paints it. */}
            {may(user, TEAM_ADMIN_ROLES) && (
              <Link to="/account/team" className="text-sm font-medium text-brand-700 underline underline-offset-2">
                {TEAM_MSG.teamLink}
              </Link>
            )}
            <p className="text-sm text-slate-700">
              Account balance{' '}
              <span className="font-semibold tabular-nums text-brand-900">
                {formatMoney(user.balance, user.currencySymbol)}
              </span>
            </p>
          </div>
        )}
      </PageHeading>
      {/* A proforma account pays each order up front: it has no credit to show. */}
      {user && !user.isProforma && <CreditPanel symbol={symbol} onSelect={pays ? selectForPayment : undefined} />}

      {isLoading ? (
        <div className="flex items-center justify-center gap-3 py-16 text-brand-700">
          <Spinner decorative size="lg" />
          <span className="text-slate-700">Loading invoices...</span>
        </div>
      ) : !data ? (
        <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">{MSG.invoicesFailed}</p>
      ) : (
        <div className={cx('grid gap-6', pays && 'lg:grid-cols-[minmax(0,1fr)_20rem]')}>
          <section aria-labelledby="invoices-heading" className="min-w-0">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="invoices-heading" className="text-lg font-semibold text-brand-900">
                Invoices
              </h2>
              {allPayable.length > 0 && (
                <Button variant="ghost" onClick={() => setSelected(allSelected ? [] : allPayable)}>
                  {allSelected ? 'Clear selection' : 'Select all'}
                </Button>
              )}
            </div>
            {invoices.length === 0 ? (
              <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
                You have no open invoices.
              </p>
            ) : (
              <InvoiceTable
                invoices={invoices}
                selected={selected}
                onToggle={pays ? onToggle : undefined}
                symbol={symbol}
              />
            )}
            <p className="mt-3 flex justify-end gap-2 text-sm text-slate-700">
              Total remaining
              <span className="font-semibold tabular-nums text-slate-900">
                {formatMoney(data.totalRemainingAmount, symbol)}
              </span>
            </p>
            {pays && chosen.length > 0 && (
              // Narrow screens: the pay form is below the list, so keep the selection in sight.
              <div className="sticky bottom-0 z-10 -mx-4 mt-3 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] lg:hidden">
                <p className="text-sm text-slate-700">
                  {chosen.length} selected{' '}
                  <span className="font-semibold tabular-nums text-brand-900">{formatMoney(total, symbol)}</span>
                </p>
                <Button onClick={goToPayForm}>Continue to payment</Button>
              </div>
            )}
          </section>
          {pays && (
            <aside aria-label="Payment">
              {user && (
                <PayForm
                  // A restored choice remounts the form with its reference and notes.
                  key={restored ? 'restored' : 'fresh'}
                  user={user}
                  invoices={chosen}
                  total={total}
                  initial={restored ?? undefined}
                />
              )}
            </aside>
          )}
        </div>
      )}
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} onPayAgain={payAgain} />
    </div>
  );
}
