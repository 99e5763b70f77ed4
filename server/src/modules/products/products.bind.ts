import { endpoints, PRODUCTS_CSV_FILENAME, RESULTS_TRUNCATED_HEADER, TOTAL_COUNT_HEADER } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { bindings, type Exchange } from '../../plugins/bind.js';
import type { ProductPage } from './products.service.js';

/** Product lists go out as the spec's bare array; a cut list, and a page's whole count, say so in headers. */
function page(exchange: Exchange, { products, truncated, total }: ProductPage) {
  if (truncated) exchange.header(RESULTS_TRUNCATED_HEADER, 'true');
  if (total !== undefined) exchange.header(TOTAL_COUNT_HEADER, String(total));
  return products;
}

export const productsBindings = (ctx: AppContext) => {
  const { products } = ctx.services;
  const service = { service: products };
  return bindings('products', endpoints, {
    listCategories: service,
    addFavourite: service,
    removeFavourite: service,
    listMultiBuyDiscounts: service,
    listDeliverySchedule: service,
    searchProducts: {
      call: async (caller, query, exchange) => page(exchange, await products.searchProducts(caller, query)),
    },
    listFavourites: { call: async (caller, _input, exchange) => page(exchange, await products.listFavourites(caller)) },
    listUsuals: { call: async (caller, _input, exchange) => page(exchange, await products.listUsuals(caller)) },
    exportSearch: {
      call: async (caller, query, exchange) => {
        const list = await products.exportSearch(caller, query);
        if (list.truncated) exchange.header(RESULTS_TRUNCATED_HEADER, 'true');
        return { filename: PRODUCTS_CSV_FILENAME, chunks: list.chunks };
      },
    },
    getProductImage: { call: (_caller, { itemNumber, imageType }) => products.getProductImage(itemNumber, imageType) },
  });
};
