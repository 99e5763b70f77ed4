/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The despatch notice: the order became Shipped, with the carrier's tracking links. */
import { Button, Link, Section, Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { Layout, styles, type Brand } from './layout.js';
import { Unsubscribe } from './unsubscribe.js';

export interface OrderDespatchedProps {
  brand: Brand;
  recipientName: string;
  orderNumber: string;
  purchaseOrder: string;
  despatchDate: string;
  tracking: { id: string; url: string }[];
  orderUrl: string;
  unsubscribe: { category: string; url: string } | null;
}

const M = MAIL_MSG.despatch;

export function OrderDespatched(p: OrderDespatchedProps) {
  return (
    <Layout brand={p.brand} preview={M.heading(p.orderNumber)} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.heading(p.orderNumber)}</Text>
      <Text style={styles.text}>{M.intro(p.despatchDate)}</Text>
      <Text style={styles.label}>{MAIL_MSG.ack.purchaseOrder}</Text>
      <Text style={styles.value}>{p.purchaseOrder}</Text>
      <Section>
        <Text style={styles.label}>{M.tracking}</Text>
        {p.tracking.length ? (
          p.tracking.map((t) => (
            <Text key={t.id} style={styles.value}>
              <Link href={t.url}>{t.id}</Link>
            </Text>
          ))
        ) : (
          <Text style={styles.value}>{M.noTracking}</Text>
        )}
      </Section>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={p.orderUrl} style={styles.button}>
          {M.viewOrder}
        </Button>
      </Section>
      {p.unsubscribe ? <Unsubscribe {...p.unsubscribe} /> : null}
    </Layout>
  );
}
