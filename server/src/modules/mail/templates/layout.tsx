/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The frame of every email (React Email): the company's name at the top, its address and support
 * email at the foot, one column at most 600 px wide that narrows with a phone's screen, system
 * fonts and no remote images.
 */
import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import type { ReactNode } from 'react';

/** The company's details from the settings (site settings), shown in every email. */
export interface Brand {
  companyName: string;
  companyAddress: string;
  supportEmail: string;
}

export const styles = {
  body: { backgroundColor: '#f4f4f5', margin: 0, padding: '12px 0', fontFamily: 'Arial, Helvetica, sans-serif' },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', margin: '0 auto', padding: '20px' },
  brand: { fontSize: '18px', fontWeight: 700, color: '#1e3a5f', margin: '0 0 12px' },
  h1: { fontSize: '20px', color: '#111827', margin: '0 0 12px' },
  text: { fontSize: '15px', lineHeight: '22px', color: '#111827', margin: '0 0 12px' },
  small: { fontSize: '13px', lineHeight: '19px', color: '#4b5563', margin: '0 0 6px' },
  label: { fontSize: '13px', color: '#4b5563', margin: '0' },
  value: { fontSize: '15px', color: '#111827', margin: '0 0 10px' },
  button: {
    display: 'inline-block',
    backgroundColor: '#1e3a5f',
    color: '#ffffff',
    padding: '12px 18px',
    borderRadius: '4px',
    fontSize: '15px',
    textDecoration: 'none',
  },
} as const;

export function Layout({
  brand,
  preview,
  recipientName,
  children,
}: {
  brand: Brand;
  preview: string;
  recipientName: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{brand.companyName}</Text>
          <Text style={styles.text}>{MAIL_MSG.greeting(recipientName)}</Text>
          {children}
          <Text style={styles.text}>{MAIL_MSG.signOff(brand.companyName)}</Text>
          <Hr />
          <Section>
            <Text style={styles.small}>{MAIL_MSG.questions(brand.supportEmail)}</Text>
            <Text style={styles.small}>
              {brand.companyName}, {brand.companyAddress}
            </Text>
            <Text style={styles.small}>{MAIL_MSG.automatic}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
