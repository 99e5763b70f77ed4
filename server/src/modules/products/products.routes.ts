import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryList,
  deliveryScheduleList,
  errorResponse,
  favouriteRequest,
  itemNumberParams,
  multiBuyDiscountList,
  okResponse,
  productImageParams,
  productList,
  PRODUCTS_CSV_FILENAME,
  RESULTS_TRUNCATED_HEADER,
  SEARCH_EXPORT_PATH,
  searchExportQuery,
  SEARCH_RESULT_LIMIT,
  TOTAL_COUNT_HEADER,
  searchProductsQuery,
} from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { requireAuth } from '../../plugins/authenticate.js';
import type { ProductPage } from './products.service.js';

const errors = { 400: errorResponse, 401: errorResponse };
const withNotFound = { ...errors, 404: errorResponse };
const listNote = `At most ${SEARCH_RESULT_LIMIT} rows; when more matched, the header ${RESULTS_TRUNCATED_HEADER}: true is set.`;
const searchNote = `${listNote} With page (and pageSize), only that page of the list is answered and ${TOTAL_COUNT_HEADER} gives the rows in the whole list.`;

/** Product lists go out as the spec's bare array; a cut list says so in a header. */
function sendPage(reply: FastifyReply, { products, truncated, total }: ProductPage) {
  if (truncated) reply.header(RESULTS_TRUNCATED_HEADER, 'true');
  if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(total));
  return products;
}

export const productsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = requireAuth(ctx.auth);
  const { products } = ctx.services;
  const tags = ['products'];

  app.get(
    '/orderproducts/categories',
    {
      preHandler: auth,
      schema: { tags, summary: 'Product types with their ranges', response: { 200: categoryList, ...errors } },
    },
    () => products.listCategories(),
  );

  app.get(
    '/orderproducts/search',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Search products by type, range and text, priced for the caller',
        description: searchNote,
        querystring: searchProductsQuery,
        response: { 200: productList, ...errors },
      },
    },
    async (req, reply) => sendPage(reply, await products.searchProducts(req.auth, req.query)),
  );

  app.get(
    SEARCH_EXPORT_PATH,
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Download All for a search: the whole list as export.csv (text/csv), streamed',
        description: `The list of the same search without paging, in the columns of the product list. ${listNote}`,
        querystring: searchExportQuery,
        response: errors,
      },
    },
    async (req, reply) => {
      const list = await products.exportSearch(req.auth, req.query);
      if (list.truncated) reply.header(RESULTS_TRUNCATED_HEADER, 'true');
      // A text body: the untyped reply, as the response schemas describe JSON errors only.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${PRODUCTS_CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(list.chunks));
    },
  );

  app.get(
    '/orderproducts/favourites',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "The caller's favourite products",
        description: listNote,
        response: { 200: productList, ...errors },
      },
    },
    async (req, reply) => sendPage(reply, await products.listFavourites(req.auth)),
  );

  app.post(
    '/orderproducts/favourites',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "Add a product to the caller's favourites",
        body: favouriteRequest,
        response: { 200: okResponse, ...withNotFound },
      },
    },
    async (req) => {
      await products.addFavourite(req.auth, req.body.itemNumber);
      return { ok: true as const };
    },
  );

  app.delete(
    '/orderproducts/favourites',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "Remove a product from the caller's favourites",
        body: favouriteRequest,
        response: { 200: okResponse, ...withNotFound },
      },
    },
    async (req) => {
      await products.removeFavourite(req.auth, req.body.itemNumber);
      return { ok: true as const };
    },
  );

  app.get(
    '/orderproducts/usuals',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "Usual orders: products in at least two of the account's orders, most often ordered first",
        description: listNote,
        response: { 200: productList, ...errors },
      },
    },
    async (req, reply) => sendPage(reply, await products.listUsuals(req.auth)),
  );

  app.get(
    '/orderproducts/multi/:itemNumber',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "Multi-buy tiers in the account's currency",
        params: itemNumberParams,
        response: { 200: multiBuyDiscountList, ...withNotFound },
      },
    },
    (req) => products.listMultiBuyDiscounts(req.auth, req.params.itemNumber),
  );

  app.get(
    '/orderproducts/schedule/:itemNumber',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Inbound deliveries of a product, earliest first',
        params: itemNumberParams,
        response: { 200: deliveryScheduleList, ...withNotFound },
      },
    },
    (req) => products.listDeliverySchedule(req.params.itemNumber),
  );

  app.get(
    '/orderproducts/:itemNumber/image/:imageType',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Product image: 0 thumbnail, 1 large. 404 when the product has none',
        params: productImageParams,
        response: withNotFound,
      },
    },
    async (req, reply) => {
      const image = await products.getProductImage(req.params.itemNumber, req.params.imageType);
      // Binary body: the untyped reply, as the response schemas describe JSON errors only.
      return (
        (reply as FastifyReply)
          .type(image.contentType)
          .header('cache-control', 'no-store')
          // Images may be SVG: never let one run script or load anything if opened directly.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(image.data)
      );
    },
  );
};
