/**
 * One-click unsubscribe (RFC 8058): an optional email carries a link whose token names the user and
 * the category, signed (HMAC-SHA256 under a key derived from the server's JWT secret), so it works
 * without logging in and turns off only that category for that user. It does not expire: a link in
 * an old email must still work.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { OPTIONAL_MAIL_CATEGORIES, type OptionalMailCategory } from '@wholesale/contract';

export interface UnsubscribeSigner {
  token(userId: number, category: OptionalMailCategory): string;
  /** The user and category a token names, or undefined when it is not one this server signed. */
  read(token: string): { userId: number; category: OptionalMailCategory } | undefined;
}

export function unsubscribeSigner(serverSecret: string): UnsubscribeSigner {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'wholesale-portal', 'mail-unsubscribe', 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    token(userId, category) {
      const body = `${userId}.${category}`;
      return `${body}.${mac(body)}`;
    },
    read(token) {
      const m = /^(\d{1,12})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return undefined;
      const [, user, category, sig] = m as unknown as [string, string, string, string];
      const expected = Buffer.from(mac(`${user}.${category}`));
      if (!timingSafeEqual(expected, Buffer.from(sig))) return undefined;
      if (!(OPTIONAL_MAIL_CATEGORIES as readonly string[]).includes(category)) return undefined;
      return { userId: Number(user), category: category as OptionalMailCategory };
    },
  };
}
