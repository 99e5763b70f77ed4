import { pathOf, routes, type SiteSettings } from '@wholesale/contract';
import { api } from './base-api';
import { lazySchema } from './lazy-schema';

// The header reads the settings on every screen: the schema loads with the first answer.
const siteSettings = lazySchema(async () => (await import('./start-up-schemas')).siteSettings);

/** Public operator settings (support email, footer details, external links). Shared by layout and screens. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SiteSettings, void>({
      query: () => pathOf(routes.getSettings),
      responseSchema: siteSettings,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
