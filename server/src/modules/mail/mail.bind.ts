import { endpoints } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings } from '../../plugins/bind.js';

/** The signed-in user's optional emails (My Details); the unsubscribe pages are by hand (unsubscribe.routes.ts). */
export const mailBindings = (ctx: AppContext) => {
  const preferences = { service: ctx.services.mailPreferences };
  return bindings('mail', endpoints, {
    getMailPreferences: preferences,
    updateMailPreferences: preferences,
  });
};
