/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The cancellation notice, saying who cancelled the order. */
import { Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { Layout, styles, type Brand } from './layout.js';
import { Unsubscribe } from './unsubscribe.js';

export interface OrderCancelledProps {
  brand: Brand;
  recipientName: string;
  orderNumber: string;
  purchaseOrder: string;
  /** The portal user who cancelled it; null: the supplier. */
  cancelledBy: string | null;
  /** The supplier's member of staff who cancelled it (the back office); null: not named. */
  cancelledByStaff?: string | null;
  unsubscribe: { category: string; url: string } | null;
}

const M = MAIL_MSG.cancellation;

export function OrderCancelled(p: OrderCancelledProps) {
  return (
    <Layout brand={p.brand} preview={M.heading(p.orderNumber)} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.heading(p.orderNumber)}</Text>
      <Text style={styles.label}>{MAIL_MSG.ack.purchaseOrder}</Text>
      <Text style={styles.value}>{p.purchaseOrder}</Text>
      <Text style={styles.text}>
        {p.cancelledBy
          ? M.byUser(p.cancelledBy)
          : p.cancelledByStaff
            ? M.byStaff(p.cancelledByStaff, p.brand.companyName)
            : M.bySupplier(p.brand.companyName)}
      </Text>
      <Text style={styles.text}>{M.questions}</Text>
      {p.unsubscribe ? <Unsubscribe {...p.unsubscribe} /> : null}
    </Layout>
  );
}
