import {
  APPROVED_AWAITING_PAYMENT,
  AWAITING_APPROVAL,
  DECLINED,
  TEAM_MSG,
  WITHDRAWN,
  type ApprovalOutcome,
  type ListApprovalsResponse,
  type ReviewApprovalResponse,
} from '@wholesale/contract';
import type { Db } from '../../db/client.js';
import { amountToMinor, e5ToAmount, minorToAmount } from '../../domain/money.js';
import { conflict, forbidden, notFound } from '../../lib/http-errors.js';
import type { Repos } from '../../db/repos.js';
import type { Caller } from '../../domain/caller.js';
import type { BasketService, PricedLine } from '../basket/basket.service.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { SettingsService } from '../site/settings.service.js';
import { recordApprovalAwaitingPayment, recordApprovalDeclined } from '../mail/mail-outbox.js';
import type { Totals } from '../../domain/pricing.js';
import type { TeamRepository } from './team.repository.js';

type OrderRow = NonNullable<Awaited<ReturnType<TeamRepository['findOrder']>>>;
type LineRow = Awaited<ReturnType<TeamRepository['orderLines']>>[number];

export interface ApprovalsDeps {
  team: Repos<TeamRepository>;
  basket: BasketService;
  settings: SettingsService;
  /** Place Order's rules, and placing an approved order (checkout writes every order's lines). */
  checkout: Pick<CheckoutService, 'requirePlaceable' | 'placeApproved'>;
}

/** An order awaiting approval priced again as approving would place it. */
interface Repriced {
  goods: LineRow[];
  priced: PricedLine[];
  totals: Totals;
  terms: { onStop: boolean; isProforma: boolean };
  /** A goods line whose product is no longer sold: it cannot be placed as submitted. */
  missing: boolean;
}

/**
 * Approving, declining and withdrawing orders that wait for approval (team accounts). Approving
 * prices the order again and applies the rules Place Order applies (the checkout service's
 * `requirePlaceable`), then places it through checkout (`placeApproved`): a credit account's order
 * is placed and announced (the buyer's acknowledgement, the ERP's order.placed); a card-paying
 * account's waits for the buyer's card payment. Each decision is one conditional statement, so of
 * concurrent decisions on one order exactly one takes effect.
 */
export function approvalsService({ team, basket, settings, checkout }: ApprovalsDeps) {
  async function awaitingOrder(repo: TeamRepository, accountId: number, orderNumber: string): Promise<OrderRow> {
    const o = await repo.findOrder(accountId, orderNumber);
    if (!o) throw notFound(TEAM_MSG.orderNotFound);
    if (o.status !== AWAITING_APPROVAL) throw conflict(TEAM_MSG.alreadyDecided(o.order_number, o.status));
    return o;
  }

  async function reprice(
    repo: TeamRepository,
    conn: Db | undefined,
    accountId: number,
    order: OrderRow,
  ): Promise<Repriced> {
    const goods = (await repo.orderLines(order.id)).filter((l) => l.type !== 'Charge' && l.product_id !== null);
    const items = goods.map((l) => ({ productId: l.product_id!, quantity: l.quantity }));
    const { terms, lines, totals } = await basket.priceItems(accountId, items, conn);
    return { goods, priced: lines, totals, terms, missing: lines.length !== goods.length };
  }

  /**
   * Whether the caller may approve this order: not their own while another active approver or
   * account admin could (docs/spec-deviations.md).
   */
  async function ownOrderRefusal(repo: TeamRepository, caller: Caller, order: OrderRow): Promise<string | null> {
    if (order.user_id !== caller.userId) return null;
    const approvers = await repo.approvers(caller.accountId);
    return approvers.some((a) => a.id !== caller.userId) ? TEAM_MSG.ownOrder : null;
  }

  return {
    async listApprovals(caller: Caller): Promise<ListApprovalsResponse> {
      const rows = await team.base.awaiting(caller.accountId);
      return {
        approvals: rows.map((r) => ({
          orderNumber: r.order_number,
          reference: r.reference,
          submittedAt: r.created_at,
          placedBy: r.placed_by ?? '',
          totalAmount: minorToAmount(Number(r.total_minor)),
          currencyCode: r.currency_code,
          lines: Number(r.lines ?? 0),
          isYours: r.user_id === caller.userId,
        })),
      };
    },

    /** The order as approving would place it: today's prices beside those it was submitted at. */
    async reviewApproval(caller: Caller, { orderNumber }: { orderNumber: string }): Promise<ReviewApprovalResponse> {
      const order = await awaitingOrder(team.base, caller.accountId, orderNumber);
      const r = await reprice(team.base, undefined, caller.accountId, order);
      const byProduct = new Map(r.priced.map((p) => [p.productId, p]));
      const lines = r.goods.map((l) => {
        const now = byProduct.get(l.product_id!);
        const submitted = Number(l.unit_price_e5);
        return {
          itemNo: l.item_no,
          description: l.description,
          quantity: l.quantity,
          submittedPrice: e5ToAmount(submitted),
          currentPrice: now ? e5ToAmount(now.price.unitPriceE5) : null,
          stock: now ? now.stock : null,
          total: minorToAmount(now ? now.price.totalMinor : 0),
          priceChanged: !now || now.price.unitPriceE5 !== submitted,
        };
      });
      const refusal =
        (await ownOrderRefusal(team.base, caller, order)) ??
        (r.missing ? TEAM_MSG.changedSinceReview(orderNumber) : null);
      return {
        orderNumber: order.order_number,
        reference: order.reference,
        placedBy: order.placed_by ?? '',
        submittedAt: order.created_at,
        currencyCode: order.currency_code,
        submittedTotal: minorToAmount(Number(order.total_minor)),
        currentTotal: minorToAmount(r.totals.totalMinor),
        lines,
        pricesChanged: lines.some((l) => l.priceChanged) || Number(order.total_minor) !== r.totals.totalMinor,
        canApprove: refusal === null,
        cannotApproveReason: refusal,
      };
    },

    /**
     * Places an order that waited for approval, at today's prices: `amount` must be the total the
     * approver was shown (reviewApproval), else 409 and the approver reviews it again.
     */
    async approveOrder(
      caller: Caller,
      { orderNumber, amount }: { orderNumber: string; amount: number },
    ): Promise<ApprovalOutcome> {
      // Read before the transaction: on SQLite a read outside it would wait for it to end.
      const email = await settings.get('support.email');
      return team.transaction(async (repo, trx) => {
        const order = await awaitingOrder(repo, caller.accountId, orderNumber);
        const own = await ownOrderRefusal(repo, caller, order);
        if (own) throw forbidden(own);
        const r = await reprice(repo, trx, caller.accountId, order);
        let shown: number;
        try {
          shown = amountToMinor(amount);
        } catch {
          shown = Number.NaN;
        }
        if (r.missing || r.priced.length === 0 || shown !== r.totals.totalMinor)
          throw conflict(TEAM_MSG.changedSinceReview(order.order_number));
        await checkout.requirePlaceable(trx, caller.accountId, r.terms, r.totals.totalMinor, email);
        const status = await checkout.placeApproved(
          trx,
          { id: order.id, orderNumber: order.order_number, addressReference: order.address_reference },
          { approverId: caller.userId, lines: r.priced, totals: r.totals, terms: r.terms },
        );
        if (!status) {
          const now = await repo.findOrder(caller.accountId, orderNumber);
          throw conflict(TEAM_MSG.alreadyDecided(orderNumber, now?.status ?? DECLINED));
        }
        // A card-paying account's buyer is told to pay for it (a credit order's acknowledgement says it is placed).
        if (status === APPROVED_AWAITING_PAYMENT) await recordApprovalAwaitingPayment(trx, order.order_number);
        return { orderNumber: order.order_number, status };
      });
    },

    /** Declines with a reason, which the buyer is emailed and sees on the order. */
    async declineOrder(
      caller: Caller,
      { orderNumber, reason }: { orderNumber: string; reason: string },
    ): Promise<ApprovalOutcome> {
      return team.transaction(async (repo, trx) => {
        const order = await awaitingOrder(repo, caller.accountId, orderNumber);
        if (!(await repo.decline(order.id, caller.userId, reason))) {
          const now = await repo.findOrder(caller.accountId, orderNumber);
          throw conflict(TEAM_MSG.alreadyDecided(orderNumber, now?.status ?? 'Open'));
        }
        await recordApprovalDeclined(trx, order.order_number);
        return { orderNumber: order.order_number, status: DECLINED };
      });
    },

    /** The buyer who submitted an order awaiting approval (or approved, awaiting payment) takes it back. */
    async withdrawOrder(caller: Caller, { orderNumber }: { orderNumber: string }): Promise<ApprovalOutcome> {
      const order = await team.base.findOrder(caller.accountId, orderNumber);
      if (!order) throw notFound(TEAM_MSG.orderNotFound);
      if (order.user_id !== caller.userId) throw forbidden(TEAM_MSG.notYourOrder);
      const waiting = order.status === AWAITING_APPROVAL || order.status === APPROVED_AWAITING_PAYMENT;
      if (!waiting || !(await team.base.withdraw(order.id, caller.userId))) {
        const now = await team.base.findOrder(caller.accountId, orderNumber);
        throw conflict(TEAM_MSG.alreadyDecided(orderNumber, now?.status ?? order.status));
      }
      return { orderNumber: order.order_number, status: WITHDRAWN };
    },
  };
}
