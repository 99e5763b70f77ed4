/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** A payment receipt: a proforma order's card payment, or invoices paid online. */
import { Section, Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { Layout, styles, type Brand } from './layout.js';

export interface PaymentReceiptProps {
  brand: Brand;
  recipientName: string;
  amount: string;
  reference: string;
  paymentReference: string;
  card: string | null;
  paidOn: string;
  orderNumber: string | null;
  invoices: { documentNumber: string; paid: string; left: string }[];
}

const M = MAIL_MSG.receipt;

export function PaymentReceipt(p: PaymentReceiptProps) {
  return (
    <Layout brand={p.brand} preview={M.intro(p.amount)} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.heading}</Text>
      <Text style={styles.text}>{M.intro(p.amount)}</Text>
      <Section>
        {p.orderNumber ? <Text style={styles.value}>{M.forOrder(p.orderNumber)}</Text> : null}
        <Text style={styles.label}>{M.reference}</Text>
        <Text style={styles.value}>{p.reference}</Text>
        <Text style={styles.label}>{M.paymentReference}</Text>
        <Text style={styles.value}>{p.paymentReference}</Text>
        <Text style={styles.label}>{M.date}</Text>
        <Text style={styles.value}>{p.paidOn}</Text>
        {p.card ? <Text style={styles.value}>{p.card}</Text> : null}
      </Section>
      {p.invoices.length ? (
        <Section>
          <Text style={styles.label}>{M.invoices}</Text>
          {p.invoices.map((i) => (
            <Text key={i.documentNumber} style={{ ...styles.small, margin: '0 0 4px' }}>
              {M.invoiceLine(i.documentNumber, i.paid, i.left)}
            </Text>
          ))}
        </Section>
      ) : null}
      <Text style={{ ...styles.text, fontWeight: 700 }}>
        {M.total}: {p.amount}
      </Text>
    </Layout>
  );
}
