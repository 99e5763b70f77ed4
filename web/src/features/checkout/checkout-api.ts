import {
  requestOf,
  pathOf,
  routes,
  basketHeader,
  countryList,
  orderConfirmation,
  requestOrderPaymentResponse,
  submitBasketResponse,
  type BasketHeader,
  type Country,
  type OrderConfirmation,
  type OrderPaymentRequest,
  type PaymentResponse,
  type SubmitBasketHeader,
  type SubmitBasketRequest,
  type SubmitBasketResponse,
} from '@wholesale/contract';
import { api, withRetries } from '../../lib/base-api';

/**
 * Checkout calls (spec section 7): the delivery header kept on the basket, placing a credit order,
 * the placed order's confirmation, starting a proforma card payment, and the delivery countries.
 */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /basket/header: step-1 data stored on the server, so a reload of either step keeps it. */
    getBasketHeader: build.query<BasketHeader, void>({
      query: () => pathOf(routes.getBasketHeader),
      responseSchema: basketHeader,
      providesTags: ['Basket'],
    }),
    /** POST /basket/header; the answer replaces the cached header (the basket itself is unchanged). */
    submitBasketHeader: build.mutation<BasketHeader, SubmitBasketHeader>({
      query: (body) => ({ ...requestOf(routes.submitBasketHeader), body }),
      responseSchema: basketHeader,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(checkoutApi.util.upsertQueryData('getBasketHeader', undefined, data));
        } catch {
          // the caller shows the failure
        }
      },
    }),
    /**
     * POST /basket/submit/{revision} with the amount shown (the buyer agreed to that total) and the
     * ship choice; invalidates OpenOrders and Basket (section 4).
     */
    submitBasket: build.mutation<SubmitBasketResponse, { revision: number } & SubmitBasketRequest>({
      query: ({ revision, ...body }) => ({ ...requestOf(routes.submitBasket, { id: revision }), body }),
      responseSchema: submitBasketResponse,
      invalidatesTags: ['OpenOrders', 'Basket'],
    }),
    /** GET /basket/confirmation (retries 2): the caller's last placed order, for Open Orders' dialog. */
    getOrderConfirmation: build.query<OrderConfirmation, void>({
      query: () => pathOf(routes.getOrderConfirmation),
      responseSchema: orderConfirmation,
      extraOptions: withRetries(2),
      keepUnusedDataFor: 0,
    }),
    /** POST /payment/request (proforma): answers payment_Checkout_Url for the browser. */
    requestOrderPayment: build.mutation<PaymentResponse, OrderPaymentRequest>({
      query: (body) => ({ ...requestOf(routes.requestOrderPayment), body }),
      responseSchema: requestOrderPaymentResponse,
    }),
    /** GET /countries for the delivery form's country select. */
    getCountries: build.query<Country[], void>({
      query: () => pathOf(routes.getCountries),
      responseSchema: countryList,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetBasketHeaderQuery,
  useSubmitBasketHeaderMutation,
  useSubmitBasketMutation,
  useGetOrderConfirmationQuery,
  useRequestOrderPaymentMutation,
  useGetCountriesQuery,
} = checkoutApi;

/** The browser leaves for the payment page; a seam for tests (jsdom does not navigate). */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };
