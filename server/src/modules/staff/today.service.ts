import { TODAY_NEWEST, type StaffToday } from '@wholesale/contract/staff';
import { minorToText } from '../../domain/money.js';
import { nowIso, todayIso } from '../../lib/time.js';
import type { TodayRepository } from './today.repository.js';

/** The back office's Today: what needs a person's attention, each with its count and the newest few. */
export function todayService(repo: TodayRepository) {
  return {
    async getStaffToday(): Promise<StaffToday> {
      const date = todayIso();
      const [placed, waiting, onStop, webhooks, mail] = await Promise.all([
        repo.ordersPlacedOn(date, TODAY_NEWEST),
        repo.ordersWaiting(nowIso(), TODAY_NEWEST),
        repo.accountsOnStop(TODAY_NEWEST),
        repo.failedWebhookDeliveries(TODAY_NEWEST),
        repo.failedMail(TODAY_NEWEST),
      ]);
      return {
        date,
        ordersToday: {
          count: placed.count,
          newest: placed.rows.map((o) => ({
            orderNumber: o.order_number,
            customerNumber: o.customer_number,
            accountName: o.name,
            placedAt: o.created_at,
            total: minorToText(Number(o.total_minor)),
            currencyCode: o.currency_code,
            status: o.status,
          })),
        },
        ordersWaiting: {
          count: waiting.count,
          newest: waiting.rows.map((p) => ({
            reference: p.reference,
            customerNumber: p.customer_number,
            accountName: p.name,
            startedAt: p.created_at,
            total: minorToText(Number(p.amount_minor)),
            currencyCode: p.currency_code,
          })),
        },
        accountsOnStop: {
          count: onStop.count,
          newest: onStop.rows.map((a) => ({
            customerNumber: a.customer_number,
            name: a.name,
            balance: minorToText(Number(a.balance_minor)),
            creditLimit: minorToText(Number(a.credit_limit_minor)),
          })),
        },
        failedWebhooks: {
          count: webhooks.count,
          newest: webhooks.rows.map((d) => ({
            deliveryId: Number(d.id),
            endpointId: Number(d.endpoint_id),
            url: d.url,
            eventType: d.type,
            attempts: Number(d.attempts),
            lastStatus: d.last_status === null ? null : Number(d.last_status),
            lastError: d.last_error,
            at: d.next_attempt_at,
          })),
        },
        failedEmails: {
          count: mail.count,
          newest: mail.rows.map((m) => ({
            id: Number(m.id),
            kind: m.kind,
            status: m.status,
            attempts: Number(m.attempts),
            lastError: m.last_error,
            at: m.next_attempt_at,
          })),
        },
      };
    },
  };
}
