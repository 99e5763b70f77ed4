import { pathOf, routes, siteSettings, type SiteSettings } from '@wholesale/contract';
import { api } from './base-api';

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
