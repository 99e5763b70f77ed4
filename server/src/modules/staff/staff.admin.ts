/**
 * The operator's staff commands (`npm run admin -- staff create|list|disable|enable`): the same staff
 * service as the back office's API (compose.ts, composeStaff), so a username's format or a role lives once.
 * What the service refuses (4xx) is bad input here (exit 2).
 */
import { STAFF_ROLES, STAFF_ROLE_LABELS, type StaffRole } from '@wholesale/contract/staff';
import { UsageError } from '../../cli/db.js';
import { HttpError } from '../../lib/http-errors.js';
import { cliActor } from './audit.service.js';
import type { StaffService } from './staff.service.js';

const asUsage = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) throw new UsageError(err.message);
    throw err;
  }
};

export function staffCommands(staff: StaffService) {
  return {
    async create(input: { username: string; email: string; role: string; orderOnBehalf: boolean }): Promise<string> {
      if (!(STAFF_ROLES as readonly string[]).includes(input.role))
        throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      const made = await asUsage(() =>
        staff.createStaff(cliActor(), {
          username: input.username,
          email: input.email,
          role: input.role as StaffRole,
          canOrderOnBehalf: input.orderOnBehalf,
        }),
      );
      return [
        `created staff ${made.staff.username} (${STAFF_ROLE_LABELS[made.staff.role]})`,
        ...(made.emailed ? [`set-up link emailed to ${made.staff.email}`] : []),
        `set-up link (works once, until ${made.expiresAt}): ${made.setupLink}`,
      ].join('\n');
    },

    async list(): Promise<string> {
      const all = await staff.listStaff();
      if (!all.length) return 'no staff users';
      return all
        .map((m) =>
          [
            m.username,
            m.email,
            m.role,
            m.enrolled ? 'enrolled' : 'not enrolled',
            m.canOrderOnBehalf ? 'orders on behalf' : '',
            m.lockedUntil ? `locked until ${m.lockedUntil}` : '',
            m.disabled ? 'disabled' : '',
          ]
            .filter(Boolean)
            .join('  '),
        )
        .join('\n');
    },

    async disable({ username }: { username: string }): Promise<string> {
      if (!username) throw new UsageError('--username is required');
      const m = await asUsage(() => staff.disableStaff(cliActor(), username));
      return `disabled staff ${m.username}; their sessions have ended`;
    },

    async enable({ username }: { username: string }): Promise<string> {
      if (!username) throw new UsageError('--username is required');
      const m = await asUsage(() => staff.enableStaff(cliActor(), username));
      return `enabled staff ${m.username}; they can sign in again`;
    },
  };
}
