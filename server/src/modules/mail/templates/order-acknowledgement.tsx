/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The order acknowledgement: what was ordered, where it goes, when each line ships. */
import { Button, Hr, Section, Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { Layout, styles, type Brand } from './layout.js';

export interface AckLine {
  itemNumber: string;
  description: string;
  quantity: string;
  price: string;
  total: string;
  /** The line's delivery promise ("In stock", "6 now, 4 due 12 Dec"); empty once sent. */
  delivery: string;
}

export interface OrderAcknowledgementProps {
  brand: Brand;
  recipientName: string;
  orderNumber: string;
  purchaseOrder: string;
  orderedDate: string;
  deliverTo: string[];
  shipping: string;
  lines: AckLine[];
  carriage: string;
  amount: string;
  vat: string;
  totalAmount: string;
  orderUrl: string;
  paymentReference: string | null;
}

const M = MAIL_MSG.ack;

export function OrderAcknowledgement(p: OrderAcknowledgementProps) {
  return (
    <Layout brand={p.brand} preview={M.heading(p.orderNumber)} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.heading(p.orderNumber)}</Text>
      <Text style={styles.text}>{M.intro}</Text>
      {p.paymentReference ? <Text style={styles.text}>{M.paidBy(p.paymentReference)}</Text> : null}
      <Section>
        <Text style={styles.label}>{M.purchaseOrder}</Text>
        <Text style={styles.value}>{p.purchaseOrder}</Text>
        <Text style={styles.label}>{M.orderedDate}</Text>
        <Text style={styles.value}>{p.orderedDate}</Text>
        <Text style={styles.label}>{M.deliverTo}</Text>
        <Text style={styles.value}>
          {p.deliverTo.map((l, i) => (
            <span key={i}>
              {l}
              <br />
            </span>
          ))}
        </Text>
        <Text style={styles.label}>{M.shipping}</Text>
        <Text style={styles.value}>{p.shipping}</Text>
      </Section>
      <Hr />
      {p.lines.map((l) => (
        <Section key={l.itemNumber + l.description}>
          <Text style={{ ...styles.text, margin: '0 0 2px', fontWeight: 700 }}>
            {l.itemNumber} {l.description}
          </Text>
          <Text style={{ ...styles.small, margin: '0 0 2px' }}>
            {M.quantity} {l.quantity} × {M.price} {l.price} = {M.total} {l.total}
          </Text>
          {l.delivery ? (
            <Text style={{ ...styles.small, margin: '0 0 12px' }}>
              {M.delivery}: {l.delivery}
            </Text>
          ) : null}
        </Section>
      ))}
      <Hr />
      <Section>
        <Text style={styles.small}>
          {M.carriage}: {p.carriage}
        </Text>
        <Text style={styles.small}>
          {M.amount}: {p.amount}
        </Text>
        <Text style={styles.small}>
          {M.vat}: {p.vat}
        </Text>
        <Text style={{ ...styles.text, fontWeight: 700 }}>
          {M.totalAmount}: {p.totalAmount}
        </Text>
      </Section>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={p.orderUrl} style={styles.button}>
          {M.viewOrder}
        </Button>
      </Section>
    </Layout>
  );
}
