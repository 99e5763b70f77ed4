import { pathOf } from '@wholesale/contract';
import { staffTodayRoutes, type StaffToday } from '@wholesale/contract/staff';
import { staffApi } from './staff-api';

const todayApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    getStaffToday: build.query<StaffToday, void>({
      query: () => pathOf(staffTodayRoutes.getStaffToday),
      providesTags: ['Today'],
    }),
  }),
});

export const { useGetStaffTodayQuery } = todayApi;
