import { pathOf } from '@wholesale/contract';
import {
  staffAuthRoutes,
  type StaffEnrolResponse,
  type StaffFactorRequest,
  type StaffLoginRequest,
  type StaffLoginResponse,
  type StaffSession,
  type StaffSetupRequest,
} from '@wholesale/contract/staff';
import { staffApi } from './staff-api';

const r = staffAuthRoutes;

const authApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    staffLogin: build.mutation<StaffLoginResponse, StaffLoginRequest>({
      query: (body) => ({ url: pathOf(r.staffLogin), method: r.staffLogin.method, body }),
    }),
    verifyStaffFactor: build.mutation<StaffSession, StaffFactorRequest>({
      query: (body) => ({ url: pathOf(r.verifyStaffFactor), method: r.verifyStaffFactor.method, body }),
    }),
    enrolStaffFactor: build.mutation<StaffEnrolResponse, StaffFactorRequest>({
      query: (body) => ({ url: pathOf(r.enrolStaffFactor), method: r.enrolStaffFactor.method, body }),
    }),
    describeStaffSetupLink: build.query<{ username: string; expiresAt: string }, string>({
      query: (token) => pathOf(r.describeStaffSetupLink, { token }),
    }),
    setUpStaffPassword: build.mutation<{ ok: true }, StaffSetupRequest>({
      query: (body) => ({ url: pathOf(r.setUpStaffPassword), method: r.setUpStaffPassword.method, body }),
    }),
    staffLogout: build.mutation<{ ok: true }, void>({
      query: () => ({ url: pathOf(r.staffLogout), method: r.staffLogout.method }),
    }),
  }),
});

export const {
  useStaffLoginMutation,
  useVerifyStaffFactorMutation,
  useEnrolStaffFactorMutation,
  useDescribeStaffSetupLinkQuery,
  useSetUpStaffPasswordMutation,
  useStaffLogoutMutation,
} = authApi;
