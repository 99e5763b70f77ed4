import {
  requestOf,
  pathOf,
  routes,
  RESULTS_TRUNCATED_HEADER,
  TOTAL_COUNT_HEADER,
  categoryList,
  deliveryScheduleList,
  multiBuyDiscountList,
  okResponse,
  productList,
  type Category,
  type DeliveryScheduleEntry,
  type MultiBuyDiscount,
  type Product,
  type SearchExportQuery,
  type SearchProductsQuery,
} from '@wholesale/contract';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../lib/base-api';

/**
 * A product list as the screen keeps it: the rows, whether the server cut the list, and for a paged
 * search the number of rows in the whole list (the rows are then one page of it).
 */
export interface ProductListResult {
  products: Product[];
  truncated: boolean;
  total?: number;
}

const withTruncation = (products: Product[], meta: FetchBaseQueryMeta | undefined): ProductListResult => {
  const total = Number(meta?.response?.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return {
    products,
    truncated: meta?.response?.headers.get(RESULTS_TRUNCATED_HEADER) === 'true',
    ...(Number.isInteger(total) && total >= 0 ? { total } : {}),
  };
};

export interface ProductImageArgs {
  itemNumber: string;
  imageType: 0 | 1;
}

/** Order Products (spec section 7, /orderproducts/...). Lists are cached group SearchProducts. */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCategories: build.query<Category[], void>({
      query: () => pathOf(routes.listCategories),
      responseSchema: categoryList,
    }),
    searchProducts: build.query<ProductListResult, SearchProductsQuery>({
      query: (params) => ({ url: pathOf(routes.searchProducts), params }),
      rawResponseSchema: productList,
      transformResponse: withTruncation,
      providesTags: ['SearchProducts'],
    }),
    /** Download All for a paged search: the whole list as export.csv, written by the server. */
    exportSearch: build.mutation<string, SearchExportQuery>({
      query: (params) => ({ url: pathOf(routes.exportSearch), params, responseHandler: 'text' }),
    }),
    listFavourites: build.query<ProductListResult, void>({
      query: () => pathOf(routes.listFavourites),
      rawResponseSchema: productList,
      transformResponse: withTruncation,
      providesTags: ['SearchProducts'],
    }),
    listUsuals: build.query<ProductListResult, void>({
      query: () => pathOf(routes.listUsuals),
      rawResponseSchema: productList,
      transformResponse: withTruncation,
      providesTags: ['SearchProducts'],
    }),
    /** The screen updates the row's flag in place (spec section 4); no list is refetched. */
    addFavourite: build.mutation<void, string>({
      query: (itemNumber) => ({ ...requestOf(routes.addFavourite), body: { itemNumber } }),
      rawResponseSchema: okResponse,
      transformResponse: () => undefined,
    }),
    removeFavourite: build.mutation<void, string>({
      query: (itemNumber) => ({ ...requestOf(routes.removeFavourite), body: { itemNumber } }),
      rawResponseSchema: okResponse,
      transformResponse: () => undefined,
    }),
    listMultiBuyDiscounts: build.query<MultiBuyDiscount[], string>({
      query: (itemNumber) => pathOf(routes.listMultiBuyDiscounts, { itemNumber }),
      responseSchema: multiBuyDiscountList,
    }),
    listDeliverySchedule: build.query<DeliveryScheduleEntry[], string>({
      query: (itemNumber) => pathOf(routes.listDeliverySchedule, { itemNumber }),
      responseSchema: deliveryScheduleList,
    }),
    /**
     * An image as an object URL. Images need the Bearer header, so they come through the base
     * query as a blob rather than as an <img src>. The URL is revoked when the cache entry goes.
     */
    getProductImage: build.query<string, ProductImageArgs>({
      async queryFn({ itemNumber, imageType }, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: pathOf(routes.getProductImage, { itemNumber, imageType }),
          cache: 'no-store',
          responseHandler: async (res: Response) => (res.ok ? res.blob() : null),
        });
        if (result.error) return { error: result.error };
        if (!result.data) return { error: { status: 'CUSTOM_ERROR', error: 'Image not found' } };
        return { data: URL.createObjectURL(result.data as Blob) };
      },
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved }) {
        try {
          const { data } = await cacheDataLoaded;
          await cacheEntryRemoved;
          URL.revokeObjectURL(data);
        } catch {
          // The image never loaded: nothing to revoke.
        }
      },
    }),
  }),
});

export const {
  useListCategoriesQuery,
  useSearchProductsQuery,
  useExportSearchMutation,
  useListFavouritesQuery,
  useListUsualsQuery,
  useAddFavouriteMutation,
  useRemoveFavouriteMutation,
  useListMultiBuyDiscountsQuery,
  useListDeliveryScheduleQuery,
  useGetProductImageQuery,
} = productsApi;
