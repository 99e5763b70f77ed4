import { z } from 'zod';

/** GET and POST /mail/unsubscribe: the signed token of an optional email's unsubscribe link. */
export const unsubscribeQuery = z.lazy(() =>
  z.object({ token: z.string().min(1).max(200).describe('Signed: the user and the category to turn off') }),
);
