import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

/** The portal's public settings; the health probe is registered by hand (site.routes.ts). */
export const siteBindings = (ctx: AppContext) =>
  bindings('site', endpoints, {
    getSettings: { call: () => ctx.services.settings.site() },
    getNotification: { call: () => ctx.services.settings.notification() },
    getCountries: { call: () => ctx.services.settings.countries() },
  });
