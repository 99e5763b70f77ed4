import type { Config } from '../../config.js';
import type { SettingsService } from '../site/settings.service.js';

/** The From of every email: MAIL_FROM, else "company name <support email>" from the settings. */
export async function mailSender(config: Pick<Config, 'MAIL_FROM'>, settings: SettingsService): Promise<string> {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const s = await settings.site();
  return `"${s.companyName.replace(/["\\\r\n]/g, '')}" <${s.supportEmail}>`;
}
