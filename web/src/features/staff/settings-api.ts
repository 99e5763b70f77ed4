import { pathOf } from '@wholesale/contract';
import {
  staffSettingsRoutes as r,
  type StaffSettings,
  type UpdateStaffSettingsRequest,
} from '@wholesale/contract/staff';
import { staffApi } from './staff-api';

const settingsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    getStaffSettings: build.query<StaffSettings, void>({
      query: () => pathOf(r.getStaffSettings),
      providesTags: ['Settings'],
    }),
    updateStaffSettings: build.mutation<StaffSettings, UpdateStaffSettingsRequest>({
      query: (body) => ({ url: pathOf(r.updateStaffSettings), method: r.updateStaffSettings.method, body }),
      invalidatesTags: ['Settings', 'Audit'],
    }),
  }),
});

export const { useGetStaffSettingsQuery, useUpdateStaffSettingsMutation } = settingsApi;
