import { SETTING_DEFAULTS, type SettingKey } from '../modules/site/settings.service.js';

/** The operator settings of the demo: the site defaults, with the notification banner switched on. */
export const DEMO_BANNER =
  'Our warehouse closes at 12.00 on Christmas Eve. Orders placed after 11.00 on 24 December ship from 2 January.';

export function demoSettings(): Record<SettingKey, string> {
  return { ...SETTING_DEFAULTS, 'notification.show': 'true', 'notification.text': DEMO_BANNER };
}
