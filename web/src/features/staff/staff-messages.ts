/**
 * The back office's screen text that no endpoint answers (the server's messages, and its words such
 * as STAFF_MSG.sessionEnded, are the contract's).
 */
export const STAFF_MSG = {
  appName: 'Wholesale Portal · Back office',
  screenFailed: 'This screen could not be shown. Reload the page to try again.',
  loading: 'Loading…',
  none: 'Nothing to show.',
  fromErp: 'Set by the ERP: it may change this value again on its next update.',
  keyShownOnce: 'Copy this key now: it is shown only once.',
  secretShownOnce: 'Scan the QR code with your authenticator app, or type the secret. It is shown only once.',
  recoveryShownOnce:
    'Keep these recovery codes somewhere safe: each signs you in once if you lose your authenticator. They are shown only once.',
  results: (n: number) => (n === 1 ? '1 result' : `${n} results`),

  // The Staff screen (the back office's own people).
  staffCreated: (username: string, role: string) => `Created ${username} (${role}).`,
  setupLinkEmailed: (email: string) => `The set-up link was emailed to ${email}; you can also hand it over yourself.`,
  setupLinkNotEmailed: 'Email is not set up on this server: hand this set-up link over yourself.',
  setupLinkOnce: (until: string) => `Set-up link (works once, until ${until}; shown only now):`,
  staffRoleChanged: (username: string, role: string) =>
    `${username} is now ${role}; their sessions have ended, so they sign in again.`,
  staffDisabled: (username: string) => `${username} is disabled and signed out everywhere.`,
  staffEnabled: (username: string) => `${username} is enabled again and can sign in.`,
  staffDisableQuestion: (username: string) =>
    `Disable ${username}? They are signed out at once and cannot sign in until an admin enables them again.`,
  ownAccount: 'You: another admin changes your role or status',
} as const;
