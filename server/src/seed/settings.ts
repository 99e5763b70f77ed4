import { SETTING_DEFAULTS } from '../modules/site/settings.service.js';

/** The operator settings of the demo: the site defaults, with the notification banner switched on. */
export const DEMO_BANNER =
  'Our warehouse closes at 12.00 on Christmas Eve. Orders placed after 11.00 on 24 December ship from 2 January.';

export function demoSettings(): [key: string, value: string][] {
  const values: Record<string, string> = {
    ...SETTING_DEFAULTS,
    'notification.show': 'true',
    'notification.text': DEMO_BANNER,
  };
  return Object.entries(values);
}
