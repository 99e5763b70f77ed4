import { pathOf } from '@wholesale/contract';
import { staffAuditRoutes, type AuditPage } from '@wholesale/contract/staff';
import type { ListArgs } from './customers-api';
import { staffApi } from './staff-api';

const auditApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    searchStaffAudit: build.query<AuditPage, ListArgs>({
      query: (params) => ({ url: pathOf(staffAuditRoutes.searchStaffAudit), params }),
      providesTags: ['Audit'],
    }),
    /** The CSV with the same filters: fetched with the staff token, handed to the browser as a file. */
    exportStaffAudit: build.mutation<Blob, ListArgs>({
      query: (params) => ({
        url: pathOf(staffAuditRoutes.exportStaffAudit),
        params,
        responseHandler: (response) => response.blob(),
        cache: 'no-store',
      }),
    }),
  }),
});

export const { useSearchStaffAuditQuery, useExportStaffAuditMutation } = auditApi;
