import { zodResolver } from '@hookform/resolvers/zod';
import {
  INVOICE_PAY_MSG,
  MSG,
  PAYMENT_METHOD,
  formatMoney,
  payInvoicesForm,
  type Invoice,
  type PayInvoicesForm,
  type User,
} from '@wholesale/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { cx } from '../../lib/cx';
import { useRequestInvoicePaymentMutation } from './account-api';
import { invoicePaymentPayload, paymentRedirect } from './invoice-payment';

/** What the buyer chose before leaving for the hosted page, kept to restore after a decline or cancel. */
export interface PendingInvoicePayment {
  documentNumbers: string[];
  reference: string;
  notes: string;
}
const PENDING_KEY = 'wholesale.invoicePayment';

/** The choice kept before the hosted page (this tab only), then forgotten. */
export const pendingInvoicePayment = {
  save(p: PendingInvoicePayment) {
    try {
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(p));
    } catch {
      // Storage refused (private mode, full): the choice is simply not restored.
    }
  },
  forget() {
    try {
      sessionStorage.removeItem(PENDING_KEY);
    } catch {
      // Nothing kept.
    }
  },
  read(): PendingInvoicePayment | null {
    try {
      const raw = sessionStorage.getItem(PENDING_KEY);
      const p = raw ? (JSON.parse(raw) as Partial<PendingInvoicePayment>) : null;
      if (!p || !Array.isArray(p.documentNumbers)) return null;
      return {
        documentNumbers: p.documentNumbers.filter((d): d is string => typeof d === 'string'),
        reference: typeof p.reference === 'string' ? p.reference : '',
        notes: typeof p.notes === 'string' ? p.notes : '',
      };
    } catch {
      return null;
    }
  },
};

export const PAY_FORM_ID = 'pay-invoices-form';

/**
 * Pay Invoices: method, reference and notes for the selected invoices; sends the browser to the
 * hosted page. `initial` restores the reference and notes after a declined or cancelled payment,
 * when the button reads Pay again.
 */
export function PayForm({
  user,
  invoices,
  total,
  initial,
}: {
  user: User;
  invoices: Invoice[];
  total: number;
  initial?: { reference: string; notes: string };
}) {
  const methodId = useId();
  const notesId = useId();
  const [requestPayment] = useRequestInvoicePaymentMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PayInvoicesForm>({
    resolver: zodResolver(payInvoicesForm),
    defaultValues: { method: PAYMENT_METHOD, reference: initial?.reference ?? '', notes: initial?.notes ?? '' },
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
      pendingInvoicePayment.save({
        documentNumbers: invoices.map((i) => i.documentNumber),
        reference: form.reference,
        notes: form.notes ?? '',
      });
      paymentRedirect.go(url);
    } catch {
      toast.error(MSG.payInvoicesFailed, { toastId: 'pay-invoices-failed' });
    }
  };

  return (
    <form
      id={PAY_FORM_ID}
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
          {isSubmitting ? 'Redirecting to payment...' : `${initial ? INVOICE_PAY_MSG.payAgain : 'Pay'} ${money(total)}`}
        </Button>
      </div>
    </form>
  );
}
