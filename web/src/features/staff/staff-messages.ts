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
} as const;
