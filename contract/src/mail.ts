import { z } from 'zod';
import { RESET_MSG } from './password-reset-messages.js';
import { INPUT_LIMITS } from './limits.js';

/** GET and POST /mail/unsubscribe: the signed token of an optional email's unsubscribe link. */
export const unsubscribeQuery = z.lazy(() =>
  z.object({
    token: z.string().min(1).max(INPUT_LIMITS.token).describe('Signed: the user and the category to turn off'),
  }),
);

/** POST /auth/forgot-password: requestPasswordReset. */
export const passwordResetRequest = z.lazy(() =>
  z.object({
    usernameOrEmail: z
      .string()
      .trim()
      .min(1, RESET_MSG.required)
      .max(INPUT_LIMITS.email)
      .describe('The username, or the email address of the login'),
  }),
);
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;
/** The same answer whatever was typed (no user enumeration). */
export const passwordResetResponse = z.lazy(() => z.object({ message: z.string() }));
export type PasswordResetResponse = z.infer<typeof passwordResetResponse>;

/** GET/PUT /account/mail-preferences: the optional emails the signed-in user gets (My Details). */
export const mailPreferences = z.lazy(() =>
  z.object({
    despatch: z.boolean().describe('An email when an order of theirs is despatched'),
    cancellation: z.boolean().describe('An email when an order of theirs is cancelled'),
  }),
);
export type MailPreferences = z.infer<typeof mailPreferences>;
