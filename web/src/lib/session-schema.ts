import { authResponse, user } from '@wholesale/contract';
import { z } from './zod';

// The schemas that check a stored session and a renewed one. Loaded on first use (a stored session
// at start-up, another tab's session, a refresh), so that Zod and the contract's schemas stay out of
// the start-up code: a first visit to /login has nothing stored to check.

export const persistedSession = z.object({ token: z.string().min(1), refresh: z.string().min(1), user });

export { authResponse };
