/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The "Your password was changed" notice, sent after any change of password. */
import { Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { Layout, styles, type Brand } from './layout.js';

export function PasswordChanged(p: { brand: Brand; recipientName: string; username: string }) {
  const M = MAIL_MSG.passwordChanged;
  return (
    <Layout brand={p.brand} preview={M.heading} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.heading}</Text>
      <Text style={styles.text}>{M.intro(p.username)}</Text>
      <Text style={styles.text}>{M.notYou(p.brand.supportEmail)}</Text>
    </Layout>
  );
}
