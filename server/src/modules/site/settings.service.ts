import type { Notification, SiteSettings } from '@wholesale/contract';
import type { SiteRepository } from './site.repository.js';
import { SETTING_VALUE_RULES } from '@wholesale/contract/staff';
import { DEFAULT_CUT_OFF } from '../../domain/delivery-promise.js';

/**
 * Operator settings are runtime configuration kept in the settings table (the admin command sets
 * them); these defaults apply until a value is stored.
 */
export const SETTING_DEFAULTS = {
  'notification.show': 'false',
  'notification.text': '',
  'support.email': 'tradesupport@harbourhome.example',
  'company.name': 'Harbour Home Trade',
  'company.address': 'Unit 4, Quayside Business Park, Bristol BS1 6AA',
  /** The supplier's VAT registration number, printed on every VAT invoice (empty: none printed). */
  'company.vatNumber': 'GB 123 4567 89',
  'company.generalEnquiries': 'enquiries@harbourhome.example',
  'company.siteUrl': 'https://www.harbourhome.example',
  'company.customerLoginUrl': 'https://www.harbourhome.example/customer-login',
  'company.parentGroupUrl': 'https://www.harbourgroup.example',
  'outOfStock.url': 'https://www.harbourhome.example/out-of-stock',
  'tracking.urlTemplate': 'https://track.carrier.example/?parcel={trackingId}',
  /** The carrier whose page that template opens, named beside each tracking number. */
  'tracking.carrier': 'DPD',
  /** The day's order cut-off, hh:mm UK time, shown to buyers as "Order by 14:00 to ship today". */
  'order.cutOff': DEFAULT_CUT_OFF,
} as const;

/**
 * Each setting's rule, for the admin CLI (an answer: what is wrong): the contract's
 * SETTING_VALUE_RULES, which the staff back office's settings form is checked with too.
 */
export const SETTING_RULES: Partial<Record<SettingKey, (value: string) => string | undefined>> = Object.fromEntries(
  Object.entries(SETTING_VALUE_RULES).map(([key, rule]) => [
    key,
    (value: string) => {
      const r = rule.safeParse(value);
      return r.success ? undefined : `is refused: ${r.error.issues[0]?.message ?? 'not accepted'}`;
    },
  ]),
);
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export function settingsService(repo: SiteRepository) {
  async function all(): Promise<Record<SettingKey, string>> {
    const rows = await repo.settings();
    const out: Record<string, string> = { ...SETTING_DEFAULTS };
    for (const r of rows) out[r.key] = r.value;
    return out as Record<SettingKey, string>;
  }

  return {
    all,
    async get(key: SettingKey): Promise<string> {
      return (await repo.setting(key)) ?? SETTING_DEFAULTS[key];
    },
    async set(key: SettingKey, value: string): Promise<void> {
      await repo.putSettings([[key, value]]);
    },
    /** Several settings at once: all are stored or none. */
    async setMany(values: Partial<Record<SettingKey, string>>): Promise<void> {
      await repo.putSettings(Object.entries(values) as [SettingKey, string][]);
    },
    /** Delivery countries in the order the screens list them (the public list, the admin CLI's choices). */
    countries: () => repo.countries(),
    /** Whether `key` names a setting (the admin CLI's keys). */
    isKey: (key: string): key is SettingKey => Object.hasOwn(SETTING_DEFAULTS, key),
    async notification(): Promise<Notification> {
      const s = await all();
      const text = s['notification.text'].trim();
      return { showNotification: s['notification.show'] === 'true' && text.length > 0, notificationText: text || null };
    },
    async site(): Promise<SiteSettings> {
      const s = await all();
      return {
        supportEmail: s['support.email'],
        companyName: s['company.name'],
        companyAddress: s['company.address'],
        generalEnquiries: s['company.generalEnquiries'],
        companySiteUrl: s['company.siteUrl'],
        customerLoginUrl: s['company.customerLoginUrl'],
        outOfStockUrl: s['outOfStock.url'],
        trackingUrlTemplate: s['tracking.urlTemplate'],
        trackingCarrier: s['tracking.carrier'],
        parentGroupUrl: s['company.parentGroupUrl'],
      };
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
