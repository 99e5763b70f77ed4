/**
 * Renders an outbox row into the email to send: subject, HTML and plain text (React Email's own
 * text rendering of the same components), from the database as it is when the worker sends it.
 * Amounts and dates are formatted as the portal shows them (contract format.ts); links start at
 * the portal's public URL (`mailBaseUrl`).
 */
import { render } from '@react-email/render';
import {
  CURRENCY_SYMBOLS,
  DELIVERY_MSG,
  MAIL_MSG,
  formatMoney,
  formatUnitPrice,
  toShortDate,
  trackingUrl,
  PASSWORD_RESET_LINK_TTL_MINUTES,
  SET_PASSWORD_LINK_TTL_HOURS,
  STAFF_SETUP_LINK_TTL_HOURS,
  type CurrencyCode,
  type OptionalMailCategory,
} from '@wholesale/contract';
import type { ReactElement } from 'react';
import { linkOrigin, type Config } from '../../config.js';
import { e5ToAmount, minorToAmount } from '../../domain/money.js';
import type { DeliveryService } from '../delivery/delivery.service.js';
import type { SettingsService } from '../site/settings.service.js';
import type {
  CancelledMailPayload,
  LinkMailPayload,
  MailKind,
  OrderMailPayload,
  ReceiptMailPayload,
  StaffSetupMailPayload,
  UserMailPayload,
} from './mail-outbox.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { PasswordChanged } from './templates/password-changed.js';
import { PasswordLink } from './templates/password-link.js';
import type { UnsubscribeSigner } from './mail-unsubscribe.js';
import { OrderCancelled } from './templates/order-cancelled.js';
import { OrderDespatched } from './templates/order-despatched.js';
import { PaymentReceipt } from './templates/payment-receipt.js';
import type { MailRepository } from './mail.repository.js';
import type { PaidInvoice } from '../events/outbox.js';
import type { Brand } from './templates/layout.js';
import { OrderAcknowledgement } from './templates/order-acknowledgement.js';
import { ApprovalAwaitingPayment, ApprovalDeclined, ApprovalRequested } from './templates/approval.js';

/**
 * The portal's public origin for links in emails: the same as every link handed to someone else
 * (`linkOrigin`: PUBLIC_URL, else the address this server listens on; never a request's Host).
 */
export function mailBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return linkOrigin(config);
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl?: string;
}

export interface RenderDeps {
  repo: MailRepository;
  settings: SettingsService;
  delivery: DeliveryService;
  baseUrl: string;
  unsubscribe: UnsubscribeSigner;
  /** Opens the sealed links of password emails. */
  box: SecretBox;
  /** The invoices a payment paid (the invoice-payments service). */
  paymentInvoices(paymentId: string): Promise<readonly PaidInvoice[]>;
}

/** The one-click unsubscribe link of an optional email (mail-unsubscribe.ts; the route in mail.routes.ts). */
export const UNSUBSCRIBE_PATH = '/mail/unsubscribe';
function unsubscribeFor(deps: RenderDeps, userId: number | null, category: OptionalMailCategory) {
  if (userId === null) return null;
  return {
    category: MAIL_MSG.unsubscribe.category[category],
    url: `${deps.baseUrl}${UNSUBSCRIBE_PATH}?token=${deps.unsubscribe.token(userId, category)}`,
  };
}

/** An email that can never be rendered (its order is gone): failed at once, not retried. */
export class MailNotRenderable extends Error {}

async function brandOf(settings: SettingsService): Promise<Brand> {
  const s = await settings.site();
  return { companyName: s.companyName, companyAddress: s.companyAddress, supportEmail: s.supportEmail };
}

async function html(el: ReactElement): Promise<{ html: string; text: string }> {
  const [h, t] = await Promise.all([render(el), render(el, { plainText: true })]);
  return { html: h, text: t };
}

export async function renderMail(kind: MailKind, payload: unknown, deps: RenderDeps): Promise<RenderedMail> {
  switch (kind) {
    case 'order.acknowledgement':
      return orderAcknowledgement(payload as OrderMailPayload, deps);
    case 'payment.receipt':
      return paymentReceipt(payload as ReceiptMailPayload, deps);
    case 'order.despatched':
      return orderDespatched(payload as OrderMailPayload, deps);
    case 'order.cancelled':
      return orderCancelled(payload as CancelledMailPayload, deps);
    case 'password.reset':
    case 'password.invitation':
      return passwordLink(kind, payload as LinkMailPayload, deps);
    case 'password.changed':
      return passwordChanged(payload as UserMailPayload, deps);
    case 'approval.requested':
      return approvalRequested(payload as OrderMailPayload, deps);
    case 'approval.declined':
      return approvalDeclined(payload as OrderMailPayload, deps);
    case 'approval.awaitingPayment':
      return approvalAwaitingPayment(payload as OrderMailPayload, deps);
    case 'staff.setup':
      return staffSetup(payload as StaffSetupMailPayload, deps);
  }
}

/** Team accounts: an order over its buyer's limits, to the account's approvers (the approvals queue). */
async function approvalRequested({ orderNumber }: OrderMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const o = await deps.repo.order(orderNumber);
  if (!o) throw new MailNotRenderable(`order ${orderNumber} not found`);
  const brand = await brandOf(deps.settings);
  const symbol = CURRENCY_SYMBOLS[o.currency_code as CurrencyCode];
  const buyer = o.user_name ?? o.account_name;
  const el = ApprovalRequested({
    brand,
    recipientName: o.account_contact ?? o.account_name,
    orderNumber: o.order_number,
    purchaseOrder: o.reference,
    buyer,
    total: formatMoney(minorToAmount(Number(o.total_minor)), symbol),
    url: `${deps.baseUrl}/approvals?order=${encodeURIComponent(o.order_number)}`,
  });
  return { subject: MAIL_MSG.approval.requestedSubject(o.order_number, buyer), ...(await html(el)) };
}

/** A declined order, to its buyer, with who declined it and why. */
async function approvalDeclined({ orderNumber }: OrderMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const o = await deps.repo.order(orderNumber);
  if (!o) throw new MailNotRenderable(`order ${orderNumber} not found`);
  const [brand, by] = await Promise.all([
    brandOf(deps.settings),
    o.declined_by_user_id === null ? undefined : deps.repo.userContact(o.declined_by_user_id),
  ]);
  const el = ApprovalDeclined({
    brand,
    recipientName: o.user_name ?? o.account_contact ?? o.account_name,
    orderNumber: o.order_number,
    purchaseOrder: o.reference,
    declinedBy: by?.user_name ?? o.account_name,
    reason: o.decline_reason ?? '',
    url: `${deps.baseUrl}/open-order-enquiry?order=${encodeURIComponent(o.order_number)}`,
  });
  return { subject: MAIL_MSG.approval.declinedSubject(o.order_number, o.reference), ...(await html(el)) };
}

/** A card-paying account's approved order, to its buyer: pay for it by card to place it. */
async function approvalAwaitingPayment({ orderNumber }: OrderMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const o = await deps.repo.order(orderNumber);
  if (!o) throw new MailNotRenderable(`order ${orderNumber} not found`);
  const [brand, by] = await Promise.all([
    brandOf(deps.settings),
    o.approved_by_user_id === null ? undefined : deps.repo.userContact(o.approved_by_user_id),
  ]);
  const symbol = CURRENCY_SYMBOLS[o.currency_code as CurrencyCode];
  const el = ApprovalAwaitingPayment({
    brand,
    recipientName: o.user_name ?? o.account_contact ?? o.account_name,
    orderNumber: o.order_number,
    purchaseOrder: o.reference,
    approvedBy: by?.user_name ?? o.account_name,
    total: formatMoney(minorToAmount(Number(o.total_minor)), symbol),
    url: `${deps.baseUrl}/open-orders`,
  });
  return { subject: MAIL_MSG.approval.awaitingPaymentSubject(o.order_number, o.reference), ...(await html(el)) };
}

async function orderAcknowledgement({ orderNumber }: OrderMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const o = await deps.repo.order(orderNumber);
  if (!o) throw new MailNotRenderable(`order ${orderNumber} not found`);
  const [lines, brand, promise] = await Promise.all([
    deps.repo.orderLines(o.id),
    brandOf(deps.settings),
    deps.delivery.getOrderDeliveryPromise({ accountId: o.account_id, userId: o.user_id ?? 0 }, { orderNumber }),
  ]);
  const symbol = CURRENCY_SYMBOLS[o.currency_code as CurrencyCode];
  const money = (minor: number) => formatMoney(minorToAmount(Number(minor)), symbol);
  const promised = new Map(promise.lines.map((l) => [l.lineNumber, l.text]));
  const goods = lines.filter((l) => l.type !== 'Charge');
  const carriage = lines.filter((l) => l.type === 'Charge').reduce((sum, l) => sum + Number(l.total_minor), 0);
  const subject = MAIL_MSG.ack.subject(o.order_number, o.reference);
  const el = OrderAcknowledgement({
    brand,
    recipientName: o.user_name ?? o.account_contact ?? o.account_name,
    orderNumber: o.order_number,
    purchaseOrder: o.reference,
    orderedDate: toShortDate(o.ordered_date),
    deliverTo: [
      o.delivery_name,
      o.delivery_address1,
      o.delivery_address2,
      o.delivery_city,
      o.delivery_county,
      o.delivery_postcode,
      o.delivery_country,
    ].filter((l) => l && l.trim()),
    shipping: DELIVERY_MSG.preference[o.shipment_preference],
    lines: goods.map((l) => ({
      itemNumber: l.item_no,
      description: l.description,
      quantity: String(Number(l.quantity)),
      price: formatUnitPrice(e5ToAmount(Number(l.unit_price_e5)), symbol),
      total: money(l.total_minor),
      delivery: promised.get(l.line_no) ?? '',
    })),
    carriage: money(carriage),
    amount: money(o.amount_minor),
    vat: money(o.vat_minor),
    totalAmount: money(o.total_minor),
    orderUrl: `${deps.baseUrl}/open-order-enquiry?order=${encodeURIComponent(o.order_number)}`,
    paymentReference: o.payment_id,
  });
  return { subject, ...(await html(el)) };
}

async function paymentReceipt({ paymentId }: ReceiptMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const p = await deps.repo.payment(paymentId);
  if (!p) throw new MailNotRenderable(`payment ${paymentId} not found`);
  const [brand, invoices, order] = await Promise.all([
    brandOf(deps.settings),
    deps.paymentInvoices(paymentId),
    p.purpose === 'order' ? deps.repo.orderOfPayment(paymentId) : undefined,
  ]);
  const symbol = CURRENCY_SYMBOLS[p.currency_code as CurrencyCode];
  const money = (minor: number) => formatMoney(minorToAmount(Number(minor)), symbol);
  const el = PaymentReceipt({
    brand,
    recipientName: p.user_name,
    amount: money(p.amount_minor),
    reference: p.reference,
    paymentReference: p.id,
    card: p.card_last4 ? MAIL_MSG.receipt.card(p.card_last4) : null,
    paidOn: toShortDate(p.completed_at ?? new Date().toISOString()),
    orderNumber: order?.order_number ?? null,
    invoices: invoices.map((i) => ({
      documentNumber: i.document_number,
      paid: money(i.amount_minor),
      left: money(i.remaining_minor),
    })),
  });
  return { subject: MAIL_MSG.receipt.subject(p.reference), ...(await html(el)) };
}

async function orderDespatched({ orderNumber }: OrderMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const o = await deps.repo.order(orderNumber);
  if (!o) throw new MailNotRenderable(`order ${orderNumber} not found`);
  const [brand, tracking, site] = await Promise.all([
    brandOf(deps.settings),
    deps.repo.tracking(o.id),
    deps.settings.site(),
  ]);
  const unsubscribe = unsubscribeFor(deps, o.user_id, 'despatch');
  const el = OrderDespatched({
    brand,
    recipientName: o.user_name ?? o.account_contact ?? o.account_name,
    orderNumber: o.order_number,
    purchaseOrder: o.reference,
    despatchDate: toShortDate(o.despatch_date ?? new Date().toISOString()),
    tracking: tracking.map((id) => ({ id, url: trackingUrl(site.trackingUrlTemplate, id) })),
    orderUrl: `${deps.baseUrl}/open-order-enquiry?order=${encodeURIComponent(o.order_number)}`,
    unsubscribe,
  });
  return {
    subject: MAIL_MSG.despatch.subject(o.order_number, o.reference),
    ...(await html(el)),
    ...(unsubscribe ? { unsubscribeUrl: unsubscribe.url } : {}),
  };
}

async function orderCancelled(
  { orderNumber, cancelledBy, cancelledByStaff }: CancelledMailPayload,
  deps: RenderDeps,
): Promise<RenderedMail> {
  const o = await deps.repo.order(orderNumber);
  if (!o) throw new MailNotRenderable(`order ${orderNumber} not found`);
  const [brand, by] = await Promise.all([
    brandOf(deps.settings),
    cancelledBy === null ? undefined : deps.repo.userContact(cancelledBy),
  ]);
  const unsubscribe = unsubscribeFor(deps, o.user_id, 'cancellation');
  const el = OrderCancelled({
    brand,
    recipientName: o.user_name ?? o.account_contact ?? o.account_name,
    orderNumber: o.order_number,
    purchaseOrder: o.reference,
    cancelledBy: by ? by.user_name : null,
    cancelledByStaff: cancelledByStaff ?? null,
    unsubscribe,
  });
  return {
    subject: MAIL_MSG.cancellation.subject(o.order_number, o.reference),
    ...(await html(el)),
    ...(unsubscribe ? { unsubscribeUrl: unsubscribe.url } : {}),
  };
}

async function passwordLink(
  kind: 'password.reset' | 'password.invitation',
  { userId, link }: LinkMailPayload,
  deps: RenderDeps,
): Promise<RenderedMail> {
  const u = await deps.repo.userContact(userId);
  if (!u) throw new MailNotRenderable(`user ${userId} not found`);
  const brand = await brandOf(deps.settings);
  const reset = kind === 'password.reset';
  const el = PasswordLink({
    brand,
    recipientName: u.user_name,
    kind: reset ? 'reset' : 'invitation',
    username: u.username,
    url: deps.box.open(link),
    expires: reset
      ? MAIL_MSG.reset.expires(PASSWORD_RESET_LINK_TTL_MINUTES)
      : MAIL_MSG.invitation.expires(SET_PASSWORD_LINK_TTL_HOURS),
  });
  return {
    subject: reset ? MAIL_MSG.reset.subject : MAIL_MSG.invitation.subject(brand.companyName),
    ...(await html(el)),
  };
}

async function staffSetup({ username, link }: StaffSetupMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const brand = await brandOf(deps.settings);
  const el = PasswordLink({
    brand,
    recipientName: username,
    kind: 'staff',
    username,
    url: deps.box.open(link),
    expires: MAIL_MSG.staffSetup.expires(STAFF_SETUP_LINK_TTL_HOURS),
  });
  return { subject: MAIL_MSG.staffSetup.subject(brand.companyName), ...(await html(el)) };
}

async function passwordChanged({ userId }: UserMailPayload, deps: RenderDeps): Promise<RenderedMail> {
  const u = await deps.repo.userContact(userId);
  if (!u) throw new MailNotRenderable(`user ${userId} not found`);
  const brand = await brandOf(deps.settings);
  const el = PasswordChanged({ brand, recipientName: u.user_name, username: u.username });
  return { subject: MAIL_MSG.passwordChanged.subject, ...(await html(el)) };
}
