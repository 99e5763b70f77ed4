import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { staffSignedOut, type StateWithStaffSession } from './staff-session';

const rawQuery = fetchBaseQuery({
  baseUrl: globalThis.location.origin,
  prepareHeaders: (headers, { getState }) => {
    const { token } = (getState() as StateWithStaffSession).staffSession;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** A 401 on a signed-in call means the staff session is over (expired, or ended by a change). */
const staffQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawQuery(args, api, extra);
  const { token } = (api.getState() as StateWithStaffSession).staffSession;
  if (result.error?.status === 401 && token) api.dispatch(staffSignedOut({ ended: true }));
  return result;
};

/** The server's message of a failed call ({ message } in every error body), if it sent one. */
export function staffErrorMessage(error: unknown): string | undefined {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : undefined;
}

/** The HTTP status of a failed call. */
export const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

export const STAFF_TAGS = [
  'Customer',
  'User',
  'Order',
  'Settings',
  'ApiClient',
  'Webhook',
  'Audit',
  'Today',
  'StaffUser',
] as const;

/** The back office's endpoints (its own api: see staff-store.ts); features inject theirs. */
export const staffApi = createApi({
  reducerPath: 'staffApi',
  baseQuery: staffQuery,
  tagTypes: STAFF_TAGS,
  endpoints: () => ({}),
});
