import type { FastifyInstance } from 'fastify';
import { SERVER_MSG } from '@wholesale/contract';
import { badRequest } from '../lib/http-errors.js';

/** True when any string in a parsed request part contains a NUL character. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const v of Object.values(value)) if (hasNul(v, depth + 1)) return true;
  return false;
}

/**
 * PostgreSQL cannot store NUL in text (SQLite can), so one engine would answer a 500 and the other
 * a result. Refuse such input up front, for every route, with the same 400 on both.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.url.includes('%00') || hasNul(req.params) || hasNul(req.query) || hasNul(req.body))
      throw badRequest(SERVER_MSG.nulCharacter);
  });
}
