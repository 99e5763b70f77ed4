/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * Team accounts: an order awaiting approval (to approvers), a declined order and a card-paying
 * account's approved order awaiting payment (to its buyer).
 */
import { Button, Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { Layout, styles, type Brand } from './layout.js';

const M = MAIL_MSG.approval;

export function ApprovalRequested(p: {
  brand: Brand;
  recipientName: string;
  orderNumber: string;
  purchaseOrder: string;
  buyer: string;
  total: string;
  url: string;
}) {
  return (
    <Layout brand={p.brand} preview={M.requestedHeading(p.orderNumber)} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.requestedHeading(p.orderNumber)}</Text>
      <Text style={styles.label}>{MAIL_MSG.ack.purchaseOrder}</Text>
      <Text style={styles.value}>{p.purchaseOrder}</Text>
      <Text style={styles.text}>{M.requestedBody(p.buyer, p.total)}</Text>
      <Button href={p.url} style={styles.button}>
        {M.review}
      </Button>
    </Layout>
  );
}

export function ApprovalDeclined(p: {
  brand: Brand;
  recipientName: string;
  orderNumber: string;
  purchaseOrder: string;
  declinedBy: string;
  reason: string;
  url: string;
}) {
  return (
    <Layout brand={p.brand} preview={M.declinedHeading(p.orderNumber)} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.declinedHeading(p.orderNumber)}</Text>
      <Text style={styles.label}>{MAIL_MSG.ack.purchaseOrder}</Text>
      <Text style={styles.value}>{p.purchaseOrder}</Text>
      <Text style={styles.text}>{M.declinedBy(p.declinedBy)}</Text>
      <Text style={styles.value}>{p.reason}</Text>
      <Text style={styles.text}>{M.declinedNext}</Text>
      <Button href={p.url} style={styles.button}>
        {MAIL_MSG.ack.viewOrder}
      </Button>
    </Layout>
  );
}

export function ApprovalAwaitingPayment(p: {
  brand: Brand;
  recipientName: string;
  orderNumber: string;
  purchaseOrder: string;
  approvedBy: string;
  total: string;
  url: string;
}) {
  return (
    <Layout brand={p.brand} preview={M.awaitingPaymentHeading(p.orderNumber)} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.awaitingPaymentHeading(p.orderNumber)}</Text>
      <Text style={styles.label}>{MAIL_MSG.ack.purchaseOrder}</Text>
      <Text style={styles.value}>{p.purchaseOrder}</Text>
      <Text style={styles.text}>{M.awaitingPaymentBody(p.approvedBy, p.total)}</Text>
      <Button href={p.url} style={styles.button}>
        {M.payNow}
      </Button>
    </Layout>
  );
}
