import { zodResolver } from '@hookform/resolvers/zod';
import {
  MSG,
  PAYMENT_METHOD,
  formatMoney,
  payInvoicesForm,
  paymentAddressOf,
  type Invoice,
  type InvoicePaymentRequest,
  type PayInvoicesForm,
  type User,
} from '@wholesale/contract';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { cx } from '../../lib/cx';
import { selectUser } from '../../lib/session';
import { useGetSettingsQuery } from '../../lib/settings-api';
import { useAppSelector } from '../../lib/store-types';
import { useGetCurrentUserQuery, useGetInvoicesQuery, useRequestInvoicePaymentMutation } from './account-api';
import { selectedInvoices, selectedTotal, toggleInvoice } from './invoice-selection';

type PaymentOutcome = 'success' | 'failure';

/** The browser leaves for the hosted payment page; a seam for tests. */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };

const viewLink = (i: Invoice) => `/view-transaction?invoice=${encodeURIComponent(i.documentNumber)}`;

/** The spec's POST /payment/request/invoice payload. The server re-reads every amount. */
export function invoicePaymentPayload(
  user: User,
  invoices: Invoice[],
  form: PayInvoicesForm,
  amount: number,
): InvoicePaymentRequest {
  const docs = invoices.map((i) => i.documentNumber).join(', ');
  return {
    amount,
    account_code: user.customerNumber,
    currency: user.currencyCode,
    description: form.notes?.trim() ? form.notes.trim() : `Payment of ${docs}`,
    reference: form.reference,
    billing_address: paymentAddressOf(user.contact, user),
    meta: invoices.map((i) => ({
      documentNo: i.documentNumber,
      remainingAmount: i.remainingAmount.toFixed(2),
      paymentMethod: form.method,
    })),
  };
}

function ResultDialog({ outcome, onClose }: { outcome: PaymentOutcome | null; onClose: () => void }) {
  const { data: settings } = useGetSettingsQuery();
  const email = settings?.supportEmail ?? 'customer services';
  return (
    <Modal
      open={outcome !== null}
      onClose={onClose}
      title={outcome === 'success' ? MSG.thankYou : 'Payment Unsuccessful'}
      size="sm"
    >
      {outcome === 'success' ? <p>{MSG.invoicePaid}</p> : <p>{MSG.paymentFailed(email)}</p>}
    </Modal>
  );
}

function OverdueBadge() {
  return <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Overdue</span>;
}

function SelectBox({
  invoice,
  checked,
  onToggle,
}: {
  invoice: Invoice;
  checked: boolean;
  onToggle: (i: Invoice) => void;
}) {
  if (!invoice.isPayable) return <span className="sr-only">Not payable</span>;
  return (
    <input
      type="checkbox"
      className="size-5 rounded border-slate-400 accent-brand-700"
      checked={checked}
      onChange={() => onToggle(invoice)}
      aria-label={`Select ${invoice.documentType} ${invoice.documentNumber}`}
    />
  );
}

function InvoiceTable({
  invoices,
  selected,
  onToggle,
  symbol,
}: {
  invoices: Invoice[];
  selected: string[];
  onToggle: (i: Invoice) => void;
  symbol: string;
}) {
  const money = (n: number) => formatMoney(n, symbol);
  return (
    <>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Open invoices</caption>
          <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="w-12 px-3 py-3">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="px-3 py-3">
                Document No.
              </th>
              <th scope="col" className="px-3 py-3">
                Type
              </th>
              <th scope="col" className="px-3 py-3">
                Posting Date
              </th>
              <th scope="col" className="px-3 py-3">
                Due Date
              </th>
              <th scope="col" className="px-3 py-3">
                Reference
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Original Amount
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Remaining Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoices.map((i) => {
              const isSelected = selected.includes(i.documentNumber);
              return (
                <tr key={i.documentNumber} className={cx(isSelected && 'bg-brand-50')}>
                  <td className="px-3 py-2">
                    <SelectBox invoice={i} checked={isSelected} onToggle={onToggle} />
                  </td>
                  <td className="px-3 py-2 font-medium">
                    <Link to={viewLink(i)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                      {i.documentNumber}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{i.documentType}</td>
                  <td className="px-3 py-2">{i.postingDate}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {i.dueDate}
                    {i.isOverdue && <OverdueBadge />}
                  </td>
                  <td className="px-3 py-2">{i.reference}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(i.originalAmount)}</td>
                  <td className="px-3 py-2 text-right font-semibold tabular-nums">{money(i.remainingAmount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {/* Small screens: one card per invoice. */}
      <ul className="space-y-3 md:hidden" aria-label="Open invoices">
        {invoices.map((i) => {
          const isSelected = selected.includes(i.documentNumber);
          return (
            <li
              key={i.documentNumber}
              className={cx(
                'rounded-xl border bg-white p-4 shadow-sm',
                isSelected ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <div>
                  <Link to={viewLink(i)} className="font-semibold text-brand-700 underline underline-offset-2">
                    {i.documentNumber}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {i.documentType}
                    {i.reference && ` · ${i.reference}`}
                  </p>
                </div>
                <SelectBox invoice={i} checked={isSelected} onToggle={onToggle} />
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">Posting Date</dt>
                <dd className="text-right">{i.postingDate}</dd>
                <dt className="text-slate-600">Due Date</dt>
                <dd className="text-right">
                  {i.dueDate}
                  {i.isOverdue && <OverdueBadge />}
                </dd>
                <dt className="text-slate-600">Original Amount</dt>
                <dd className="text-right tabular-nums">{money(i.originalAmount)}</dd>
                <dt className="text-slate-600">Remaining Amount</dt>
                <dd className="text-right font-semibold tabular-nums">{money(i.remainingAmount)}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function PayForm({ user, invoices, total }: { user: User; invoices: Invoice[]; total: number }) {
  const methodId = useId();
  const notesId = useId();
  const [requestPayment] = useRequestInvoicePaymentMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PayInvoicesForm>({
    resolver: zodResolver(payInvoicesForm),
    defaultValues: { method: PAYMENT_METHOD, reference: '', notes: '' },
  });
  const money = (n: number) => formatMoney(n, user.currencySymbol);

  const onSubmit = async (form: PayInvoicesForm) => {
    if (invoices.length === 0) {
      toast.error(MSG.payInvoicesFailed, { toastId: 'pay-invoices-failed' });
      return;
    }
    try {
      const { payment_Checkout_Url: url } = await requestPayment(
        invoicePaymentPayload(user, invoices, form, total),
      ).unwrap();
      paymentRedirect.go(url);
    } catch {
      toast.error(MSG.payInvoicesFailed, { toastId: 'pay-invoices-failed' });
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby="pay-invoices-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="pay-invoices-heading" className="text-lg font-semibold text-brand-900">
        Pay Invoices
      </h2>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {invoices.length === 0
          ? 'Select the invoices you want to pay.'
          : `${invoices.length} ${invoices.length === 1 ? 'invoice' : 'invoices'} selected`}
      </p>
      <p className="mt-3 flex items-baseline justify-between border-y border-slate-100 py-3">
        <span className="text-sm font-medium text-slate-700">Total selected</span>
        <span className="text-xl font-semibold tabular-nums text-brand-900" data-testid="selected-total">
          {money(total)}
        </span>
      </p>
      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor={methodId} className="block text-sm font-medium text-slate-800">
            Payment Method
          </label>
          <select
            id={methodId}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 shadow-sm"
            {...register('method')}
          >
            <option value={PAYMENT_METHOD}>{PAYMENT_METHOD}</option>
          </select>
          {errors.method && <p className="mt-1 text-sm text-red-700">{errors.method.message}</p>}
        </div>
        <TextField
          id="pay-invoices-reference"
          label="Reference"
          autoComplete="off"
          maxLength={50}
          error={errors.reference?.message}
          {...register('reference')}
        />
        <div>
          <label htmlFor={notesId} className="block text-sm font-medium text-slate-800">
            Notes <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <textarea
            id={notesId}
            rows={3}
            maxLength={200}
            aria-invalid={errors.notes ? true : undefined}
            className={cx(
              'mt-1 block w-full rounded-md border bg-white px-3 py-2 shadow-sm',
              errors.notes ? 'border-red-600 ring-1 ring-red-600' : 'border-slate-300',
            )}
            {...register('notes')}
          />
          {errors.notes && <p className="mt-1 text-sm text-red-700">{errors.notes.message}</p>}
        </div>
        <Button type="submit" className="w-full py-2.5" disabled={isSubmitting || invoices.length === 0}>
          {isSubmitting && <Spinner decorative size="sm" />}
          {isSubmitting ? 'Redirecting to payment...' : `Pay ${money(total)}`}
        </Button>
      </div>
    </form>
  );
}

/** My Account (spec section 2): open invoices, selection, the pay form and the payment result dialog. */
export function AccountPage() {
  const storedUser = useAppSelector(selectUser);
  const { data: freshUser } = useGetCurrentUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = freshUser ?? storedUser;
  const { data, isLoading, isError } = useGetInvoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [selected, setSelected] = useState<string[]>([]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  // confirminvoice=success|failure opens the result dialog once; the parameter is then removed.
  const confirm = searchParams.get('confirminvoice');
  const [seenConfirm, setSeenConfirm] = useState<string | null>(null);
  if (confirm !== seenConfirm) {
    setSeenConfirm(confirm);
    if (confirm === 'success' || confirm === 'failure') setOutcome(confirm);
  }
  useEffect(() => {
    if (confirm === null) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('confirminvoice');
        return next;
      },
      { replace: true },
    );
  }, [confirm, setSearchParams]);

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
  const goToPayForm = () => {
    const field = document.getElementById('pay-invoices-reference');
    field?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    field?.focus({ preventScroll: true });
  };
  const allPayable = invoices.filter((i) => i.isPayable).map((i) => i.documentNumber);
  const allSelected = allPayable.length > 0 && allPayable.every((d) => selected.includes(d));

  return (
    <div>
      <PageHeading title="My Account">
        {user && (
          <p className="text-sm text-slate-700">
            Account balance{' '}
            <span className="font-semibold tabular-nums text-brand-900">
              {formatMoney(user.balance, user.currencySymbol)}
            </span>
          </p>
        )}
      </PageHeading>

      {isLoading ? (
        <div className="flex items-center justify-center gap-3 py-16 text-brand-700">
          <Spinner decorative size="lg" />
          <span className="text-slate-700">Loading invoices...</span>
        </div>
      ) : !data ? (
        <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">{MSG.invoicesFailed}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
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
              <InvoiceTable invoices={invoices} selected={selected} onToggle={onToggle} symbol={symbol} />
            )}
            <p className="mt-3 flex justify-end gap-2 text-sm text-slate-700">
              Total remaining
              <span className="font-semibold tabular-nums text-slate-900">
                {formatMoney(data.totalRemainingAmount, symbol)}
              </span>
            </p>
            {chosen.length > 0 && (
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
          <aside aria-label="Payment">{user && <PayForm user={user} invoices={chosen} total={total} />}</aside>
        </div>
      )}
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </div>
  );
}
