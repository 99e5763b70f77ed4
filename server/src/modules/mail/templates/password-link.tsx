/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** A forgotten-password link, or an invitation to set a first password. */
import { Button, Section, Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { Layout, styles, type Brand } from './layout.js';

export interface PasswordLinkProps {
  brand: Brand;
  recipientName: string;
  kind: 'reset' | 'invitation' | 'staff';
  username: string;
  url: string;
  /** "The link works once, for 60 minutes." */
  expires: string;
}

export function PasswordLink(p: PasswordLinkProps) {
  const M = p.kind === 'reset' ? MAIL_MSG.reset : p.kind === 'staff' ? MAIL_MSG.staffSetup : MAIL_MSG.invitation;
  return (
    <Layout brand={p.brand} preview={M.heading} recipientName={p.recipientName}>
      <Text style={styles.h1}>{M.heading}</Text>
      <Text style={styles.text}>{M.intro(p.username)}</Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={p.url} style={styles.button}>
          {M.button}
        </Button>
      </Section>
      <Text style={styles.small}>{p.url}</Text>
      <Text style={styles.text}>{p.expires}</Text>
      {p.kind === 'reset' ? <Text style={styles.text}>{MAIL_MSG.reset.ignore}</Text> : null}
    </Layout>
  );
}
