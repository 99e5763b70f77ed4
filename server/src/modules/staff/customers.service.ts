import { STAFF_RECENT_ROWS } from '@wholesale/contract';
import {
  BACK_OFFICE_MSG,
  type CustomerCredit,
  type CustomerDetail,
  type SearchCustomersResponse,
  type ValueSourceInfo,
  searchCustomersQuery,
  updateCustomerCreditRequest,
} from '@wholesale/contract/staff';
import type { z } from 'zod';
import type { Repos } from '../../db/repos.js';
import { amountToMinor, bpToPercent, minorToAmount } from '../../domain/money.js';
import { notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import type { AccountService } from '../account/account.service.js';
import { NO_PASSWORD } from '../auth/password-links.js';
import type { AuditService } from './audit.service.js';
import type { BackOfficeRepository } from './back-office.repository.js';
import { actorOf, type StaffCaller } from './staff.service.js';

type AccountRow = NonNullable<Awaited<ReturnType<BackOfficeRepository['accountByNumber']>>>;

const sourceOf = (source: 'erp' | 'portal', changedAt: string | null): ValueSourceInfo => ({ source, changedAt });

function creditOf(a: AccountRow): CustomerCredit {
  return {
    customerNumber: a.customer_number,
    creditLimit: minorToAmount(a.credit_limit_minor),
    creditLimitSource: sourceOf(a.credit_limit_source, a.credit_limit_changed_at),
    onStop: a.on_stop === 1,
    onStopSource: sourceOf(a.on_stop_source, a.on_stop_changed_at),
  };
}

/**
 * The back office's customers: search every account, an account's page, and the credit limit and
 * on-stop finance and admin change (audited with the values before and after).
 */
export function staffCustomersService(deps: {
  repos: Repos<BackOfficeRepository>;
  account: AccountService;
  audit: AuditService;
}) {
  const { account, audit } = deps;
  const repo = deps.repos.base;

  async function accountOf(customerNumber: string, r = repo): Promise<AccountRow> {
    const a = await r.accountByNumber(customerNumber);
    if (!a) throw notFound(BACK_OFFICE_MSG.customerNotFound(customerNumber));
    return a;
  }

  return {
    async searchCustomers(
      _caller: StaffCaller,
      input: z.output<typeof searchCustomersQuery>,
    ): Promise<SearchCustomersResponse> {
      const onStop = input.onStop === undefined ? undefined : input.onStop === 'true';
      const { total, rows } = await repo.searchCustomers({ q: input.q, onStop }, input);
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        rows: rows.map((r) => ({
          customerNumber: r.customer_number,
          name: r.name,
          postcode: r.postcode,
          city: r.city,
          currency: r.currency_code,
          balance: minorToAmount(r.balance_minor),
          creditLimit: minorToAmount(r.credit_limit_minor),
          onStop: r.on_stop === 1,
          proforma: r.is_proforma === 1,
          disabled: r.disabled === 1,
          users: Number(r.users ?? 0),
        })),
      };
    },

    async getCustomer(_caller: StaffCaller, { customerNumber }: { customerNumber: string }): Promise<CustomerDetail> {
      const a = await accountOf(customerNumber);
      const [credit, addresses, users, orders, invoices] = await Promise.all([
        account.getCreditSummary({ accountId: a.id }),
        repo.deliveryAddresses(a.id),
        repo.usersOf(a.id),
        repo.recentOrders(a.id, STAFF_RECENT_ROWS),
        repo.recentInvoices(a.id, STAFF_RECENT_ROWS),
      ]);
      return {
        name: a.name,
        contact: a.contact,
        email: a.email,
        phoneNumber: a.phone_number,
        address: {
          address1: a.address1,
          address2: a.address2,
          city: a.city,
          county: a.county,
          postcode: a.postcode,
          country: a.country,
        },
        currency: a.currency_code,
        proforma: a.is_proforma === 1,
        disabled: a.disabled === 1,
        vatPercent: bpToPercent(a.vat_rate_bp),
        discountPercent: bpToPercent(a.discount_bp),
        ...creditOf(a),
        credit,
        deliveryAddresses: addresses.map((d) => ({
          reference: d.reference,
          name: d.name,
          address1: d.address1,
          address2: d.address2,
          city: d.city,
          county: d.county,
          postcode: d.postcode,
          country: d.country,
          phoneNumber: d.phone_number,
        })),
        users: users.map((u) => ({
          id: u.id,
          username: u.username,
          name: u.name,
          email: u.email,
          jobTitle: u.job_title,
          disabled: u.disabled === 1,
          passwordSet: u.password_hash !== NO_PASSWORD,
        })),
        recentOrders: orders.map((o) => ({
          orderNumber: o.order_number,
          reference: o.reference,
          status: o.status,
          orderedDate: o.ordered_date,
          total: minorToAmount(o.total_minor),
        })),
        recentInvoices: invoices.map((i) => ({
          documentNumber: i.document_number,
          documentType: i.document_type,
          postingDate: i.posting_date,
          dueDate: i.due_date,
          total: minorToAmount(i.original_minor),
          remaining: minorToAmount(i.remaining_minor),
        })),
      };
    },

    async updateCustomerCredit(
      caller: StaffCaller,
      input: z.output<typeof updateCustomerCreditRequest> & { customerNumber: string },
    ): Promise<CustomerCredit> {
      // The change, the values after it and its audit row in one transaction.
      return deps.repos.transaction(async (r, trx) => {
        const a = await accountOf(input.customerNumber, r);
        const before = creditOf(a);
        await r.setCredit(
          a.id,
          {
            creditLimitMinor: input.creditLimit === undefined ? undefined : amountToMinor(input.creditLimit),
            onStop: input.onStop,
          },
          nowIso(),
        );
        const after = creditOf(await accountOf(input.customerNumber, r));
        // Only what was asked to change, before and after.
        const fields = (['creditLimit', 'onStop'] as const).filter((k) => input[k] !== undefined);
        const pick = (c: CustomerCredit) => Object.fromEntries(fields.map((k) => [k, c[k]]));
        await audit.appendIn(trx, actorOf(caller), {
          action: 'customer.credit.update',
          targetKind: 'account',
          targetId: a.customer_number,
          accountId: a.id,
          before: pick(before),
          after: pick(after),
        });
        return after;
      });
    },
  };
}
