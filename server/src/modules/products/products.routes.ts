import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { endpoints, PRODUCTS_CSV_FILENAME, RESULTS_TRUNCATED_HEADER, TOTAL_COUNT_HEADER } from '@wholesale/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/routes.js';
import type { ProductPage } from './products.service.js';

/** Product lists go out as the spec's bare array; a cut list says so in a header. */
function sendPage(reply: FastifyReply, { products, truncated, total }: ProductPage) {
  if (truncated) reply.header(RESULTS_TRUNCATED_HEADER, 'true');
  if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(total));
  return products;
}

/** The product lists (a header beside the rows), the CSV and the images; the rest is bound (plugins/bind.ts). */
export const productsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { products } = ctx.services;

  route(app, endpoints.searchProducts, async (req, reply) =>
    sendPage(reply, await products.searchProducts(req.auth, req.query)),
  );
  route(app, endpoints.exportSearch, async (req, reply) => {
    const list = await products.exportSearch(req.auth, req.query);
    if (list.truncated) reply.header(RESULTS_TRUNCATED_HEADER, 'true');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${PRODUCTS_CSV_FILENAME}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(list.chunks));
  });
  route(app, endpoints.listFavourites, async (req, reply) => sendPage(reply, await products.listFavourites(req.auth)));
  route(app, endpoints.listUsuals, async (req, reply) => sendPage(reply, await products.listUsuals(req.auth)));
  route(app, endpoints.getProductImage, async (req, reply) => {
    const image = await products.getProductImage(req.params.itemNumber, req.params.imageType);
    return (
      reply
        .type(image.contentType)
        .header('cache-control', 'no-store')
        // Images may be SVG: never let one run script or load anything if opened directly.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(image.data)
    );
  });
};
