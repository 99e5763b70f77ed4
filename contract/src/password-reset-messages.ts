// Forgotten password: the login screen's link and the page it opens, in a module of their
// own so that the web app's start-up chunk does not carry them. Our own wording, additions to the
// spec (docs/spec-deviations.md).
import { PASSWORD_RESET_LINK_TTL_MINUTES } from './limits.js';

/** The login screen's link (a constant of its own: the login screen carries nothing else of these). */
export const FORGOT_PASSWORD_LINK = 'Forgot your password?';

export const RESET_MSG = {
  forgotLink: FORGOT_PASSWORD_LINK,
  title: 'Forgot your password?',
  intro: 'Enter your username or the email address of your login. We will email you a link to choose a new password.',
  label: 'Username or email',
  button: 'Email me a link',
  sending: 'Sending...',
  /** The one answer, whether or not anything matched: it tells nobody which logins exist. */
  answer: `If that matches a login with an email address, we have sent it a link to choose a new password. The link works once, for ${PASSWORD_RESET_LINK_TTL_MINUTES} minutes. Check your junk folder if it does not arrive.`,
  failed: 'Unable to send the link. Please try again.',
  backToLogin: 'Back to Log In',
  required: 'Required',
} as const;
