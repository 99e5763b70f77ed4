import { MSG } from '@wholesale/contract';

/**
 * Why the user is on the login screen, carried in the navigation's state:
 * session-ended: the server ended the session (e.g. the password was changed elsewhere);
 * link-expired: a one-time /redirect?rt= link was refused (expired or used).
 */
export type LoginNotice = 'session-ended' | 'link-expired';

/** The notice a navigation's state carries, if any. */
export function loginNotice(state: unknown): LoginNotice | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return notice === 'session-ended' || notice === 'link-expired' ? notice : undefined;
}

export const loginNoticeText: Record<LoginNotice, string> = {
  'session-ended': MSG.sessionEnded,
  'link-expired': MSG.loginLinkExpired,
};
