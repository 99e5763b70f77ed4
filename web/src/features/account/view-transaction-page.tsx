import { MSG, formatMoney, type CopyOrderMode, type Invoice, ORDERING_ROLES } from '@wholesale/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import { CopyOrderDialog, useCopyOrderToBasket } from '../../components/copy-order-dialog';
import { DocumentLinesTable, OrderSummaryBlock } from '../../components/order-document';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { may, selectUser } from '../../lib/session';
import { useAppSelector } from '../../lib/store-types';
import { useDownloadInvoiceStatementMutation, useGetInvoiceQuery } from './account-api';

function InvoiceBreadcrumb({ documentNumber }: { documentNumber?: string }) {
  return <Breadcrumb parent={{ to: '/account', label: 'My Account' }} current={documentNumber || 'View Transaction'} />;
}

function PaymentBadge({ invoice, symbol }: { invoice: Invoice; symbol: string }) {
  if (invoice.remainingAmount === 0)
    return <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">Paid</span>;
  return (
    <span
      className={
        invoice.isOverdue
          ? 'rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-800'
          : 'rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900'
      }
    >
      {invoice.isOverdue ? 'Overdue' : 'Remaining'} {formatMoney(invoice.remainingAmount, symbol)}
    </span>
  );
}

/**
 * View Transaction (/view-transaction?invoice=SI-100234): one invoice's summary and lines, the
 * Order Summary PDF and Copy Order (spec section 2). Addressed by the URL, so a reload keeps it.
 */
export function ViewTransactionPage() {
  const [params] = useSearchParams();
  const documentNumber = params.get('invoice')?.trim() ?? '';
  const { data: invoice, isLoading, isError } = useGetInvoiceQuery(documentNumber, { skip: !documentNumber });
  // A refetch that failed keeps the invoice on screen (the connection notice says why).
  const failed = !documentNumber || (isError && !invoice);

  useEffect(() => {
    if (failed) toast.error(MSG.selectInvoiceFailed, { toastId: 'select-invoice-failed' });
  }, [failed]);

  if (failed || (!isLoading && !invoice)) {
    return (
      <div>
        <InvoiceBreadcrumb />
        <PageHeading title="View Transaction" />
        <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">{MSG.selectInvoiceFailed}</p>
        <p className="mt-4">
          <Link to="/account" className="font-medium text-brand-700 underline underline-offset-2">
            Back to My Account
          </Link>
        </p>
      </div>
    );
  }
  if (!invoice) {
    return (
      <div>
        <InvoiceBreadcrumb documentNumber={documentNumber} />
        <PageHeading title="View Transaction" />
        <div className="flex items-center gap-3 py-10 text-slate-700">
          <Spinner decorative /> <span role="status">Loading invoice...</span>
        </div>
      </div>
    );
  }
  // Keyed by invoice: the copy dialog starts closed for every invoice opened.
  return <Transaction key={invoice.documentNumber} invoice={invoice} />;
}

function Transaction({ invoice }: { invoice: Invoice }) {
  const user = useAppSelector(selectUser);
  const symbol = user?.currencySymbol ?? '£';
  const [copyOpen, setCopyOpen] = useState(false);
  const [copyToBasket, copy] = useCopyOrderToBasket();
  const [downloadSummary, download] = useDownloadInvoiceStatementMutation();

  const onDownload = async () => {
    try {
      // The spec posts the invoice merged with the user; the server reads only documentNumber.
      await downloadSummary({ ...(user ?? {}), ...invoice }).unwrap();
    } catch {
      toast.error(MSG.statementFailed);
    }
  };

  const onCopy = async (mode: CopyOrderMode) => {
    await copyToBasket(invoice.orderNumber, mode);
    setCopyOpen(false);
  };

  return (
    <div>
      <InvoiceBreadcrumb documentNumber={invoice.documentNumber} />
      <PageHeading title="View Transaction">
        {invoice.orderNumber && may(user, ORDERING_ROLES) && (
          <Button variant="secondary" onClick={() => setCopyOpen(true)}>
            Copy Order
          </Button>
        )}
      </PageHeading>

      <div className="space-y-6">
        <OrderSummaryBlock
          title={`${invoice.documentType} ${invoice.documentNumber}`}
          badge={<PaymentBadge invoice={invoice} symbol={symbol} />}
          orderNumber={invoice.orderNumber}
          orderDate={invoice.orderedDate}
          dispatchDate={invoice.despatchDate}
          customerRef={invoice.reference}
          amount={invoice.amount}
          vat={invoice.vatAmount}
          invoiceTotal={invoice.totalInvoiceAmount}
          currencySymbol={symbol}
          actions={
            <Button variant="secondary" onClick={onDownload} disabled={download.isLoading}>
              {download.isLoading && <Spinner decorative size="sm" />}
              {download.isLoading ? MSG.downloading : 'Order Summary'}
            </Button>
          }
        />
        <DocumentLinesTable
          lines={invoice.invoiceDetails}
          currencySymbol={symbol}
          totals={{ net: invoice.amount, vat: invoice.vatAmount, gross: invoice.totalInvoiceAmount }}
          caption="Invoice lines"
        />
      </div>

      <CopyOrderDialog open={copyOpen} busy={copy.isLoading} onCopy={onCopy} onCancel={() => setCopyOpen(false)} />
    </div>
  );
}
