import { pathOf, routes, creditSummary, type CreditSummary } from '@wholesale/contract';
import { api } from './base-api';

/**
 * The credit area: GET /account/credit, the account's credit position and the ageing of its open
 * documents, which My Account, the home page, the basket, Review Order and the on-stop notice read
 * (so here, not in one feature). Loaded only with those screens, never at start-up.
 */
export const creditQueries = api.injectEndpoints({
  endpoints: (build) => ({
    getCreditSummary: build.query<CreditSummary, void>({
      query: () => pathOf(routes.getCreditSummary),
      responseSchema: creditSummary,
    }),
  }),
});

export const { useGetCreditSummaryQuery } = creditQueries;

/** `/account?pay=overdue` (the on-stop notice's action) opens My Account with the overdue invoices selected. */
export const PAY_OVERDUE = { param: 'pay', value: 'overdue', href: '/account?pay=overdue' } as const;
