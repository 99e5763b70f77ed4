import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

export const invoicePaymentsBindings = (ctx: AppContext) =>
  bindings('invoice-payments', endpoints, {
    requestInvoicePayment: {
      service: ctx.services.invoicePayments,
      throttle: (caller, req) => [
        [ctx.limits.invoicePaymentIp, req.ip],
        [ctx.limits.invoicePaymentUser, String(caller.userId)],
      ],
    },
  });
