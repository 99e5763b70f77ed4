import { pathOf } from '@wholesale/contract';
import {
  staffUserRoutes as r,
  type CreateStaffUserRequest,
  type CreateStaffUserResponse,
  type StaffMember,
  type StaffRole,
  type StaffUserRow,
} from '@wholesale/contract/staff';
import { staffApi } from './staff-api';

/** The back office's own people (admins only): each call named as the contract names its route. */
const staffUsersApi = staffApi.injectEndpoints({
  endpoints: (build) => {
    const status = (name: 'disableStaffUser' | 'enableStaffUser') =>
      build.mutation<StaffMember, string>({
        query: (username) => ({ url: pathOf(r[name], { username }), method: r[name].method }),
        invalidatesTags: ['StaffUser', 'Audit'],
      });
    return {
      listStaffUsers: build.query<StaffUserRow[], void>({
        query: () => pathOf(r.listStaffUsers),
        providesTags: ['StaffUser'],
      }),
      createStaffUser: build.mutation<CreateStaffUserResponse, CreateStaffUserRequest>({
        query: (body) => ({ url: pathOf(r.createStaffUser), method: r.createStaffUser.method, body }),
        invalidatesTags: ['StaffUser', 'Audit'],
      }),
      setStaffUserRole: build.mutation<StaffMember, { username: string; role: StaffRole }>({
        query: ({ username, role }) => ({
          url: pathOf(r.setStaffUserRole, { username }),
          method: r.setStaffUserRole.method,
          body: { role },
        }),
        invalidatesTags: ['StaffUser', 'Audit'],
      }),
      disableStaffUser: status('disableStaffUser'),
      enableStaffUser: status('enableStaffUser'),
    };
  },
});

export const {
  useListStaffUsersQuery,
  useCreateStaffUserMutation,
  useSetStaffUserRoleMutation,
  useDisableStaffUserMutation,
  useEnableStaffUserMutation,
} = staffUsersApi;
