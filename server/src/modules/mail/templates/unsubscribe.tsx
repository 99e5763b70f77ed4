/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Text } from '@react-email/components';
import { MAIL_MSG } from '@wholesale/contract';
import { styles } from './layout.js';

/** The foot of an optional email: why it came and the link that turns only its category off. */
export function Unsubscribe({ category, url }: { category: string; url: string }) {
  return (
    <Text style={styles.small}>
      {MAIL_MSG.unsubscribe.footer(category)} <Link href={url}>{MAIL_MSG.unsubscribe.link}</Link>
    </Text>
  );
}
