import {
  BACK_OFFICE_MSG,
  STAFF_SETTING_FIELDS,
  type StaffSettingField,
  type StaffSettings,
  updateStaffSettingsRequest,
} from '@wholesale/contract/staff';
import type { z } from 'zod';
import type { Repos } from '../../db/repos.js';
import { badRequest } from '../../lib/http-errors.js';
import type { SettingKey, SettingsService } from '../site/settings.service.js';
import type { AuditService } from './audit.service.js';
import { actorOf, type StaffCaller } from './staff.service.js';

const FIELDS = Object.keys(STAFF_SETTING_FIELDS) as StaffSettingField[];
/** Every field names a setting the server knows (a typo fails the typecheck). */
const KEYS: Record<StaffSettingField, SettingKey> = STAFF_SETTING_FIELDS;

function view(all: Record<SettingKey, string>): StaffSettings {
  const out = Object.fromEntries(FIELDS.map((f) => [f, all[KEYS[f]]])) as Record<StaffSettingField, string>;
  return { ...out, bannerShow: out.bannerShow === 'true' };
}

/**
 * The back office's settings (admin): the same settings service as the admin CLI's set-banner and
 * set-setting, and the same rules (SETTING_VALUE_RULES, checked by the request's schema here and by
 * settings.service's SETTING_RULES for the CLI). Every change is audited with before and after.
 */
export function staffSettingsService(deps: { settings: Repos<SettingsService>; audit: AuditService }) {
  const { audit } = deps;
  const settings = deps.settings.base;
  return {
    getStaffSettings: async (_caller: StaffCaller): Promise<StaffSettings> => view(await settings.all()),

    async updateStaffSettings(
      caller: StaffCaller,
      input: z.output<typeof updateStaffSettingsRequest>,
    ): Promise<StaffSettings> {
      const before = view(await settings.all());
      const given = FIELDS.filter((f) => input[f] !== undefined);
      const wanted = { ...before, ...input };
      // A banner switched on with no text would show nothing: the customer sees no banner at all.
      if (wanted.bannerShow && !wanted.bannerText.trim()) throw badRequest(BACK_OFFICE_MSG.bannerTextRequired);
      const changed = given.filter((f) => input[f] !== before[f]);
      if (changed.length === 0) return before;
      // The settings and their audit row in one transaction.
      return deps.settings.transaction(async (s, trx) => {
        await s.setMany(
          Object.fromEntries(changed.map((f) => [KEYS[f], String(wanted[f])])) as Partial<Record<SettingKey, string>>,
        );
        const after = view(await s.all());
        await audit.appendIn(trx, actorOf(caller), {
          action: 'settings.update',
          targetKind: 'settings',
          before: Object.fromEntries(changed.map((f) => [f, before[f]])),
          after: Object.fromEntries(changed.map((f) => [f, after[f]])),
        });
        return after;
      });
    },
  };
}
