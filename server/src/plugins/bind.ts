import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@wholesale/contract';
import { sendPdf, type PdfFile } from '../documents/reply.js';
import type { Limit, Throttle } from '../lib/throttle.js';
import { registerRoute, type Parsed, type RouteExtras } from './routes.js';

/**
 * Endpoints answered by bindings: the contract says what an endpoint is (method, path, schemas,
 * access, what it produces); each server module says who answers it, in
 * `modules/<area>/<area>.bind.ts`:
 *
 *   export const basketBindings = (ctx: AppContext) =>
 *     bindings('basket', endpoints, {
 *       getBasket: { service: ctx.services.basket },          // services.basket.getBasket(caller, input)
 *       requestOrderPayment: {
 *         throttle: (caller) => [[ctx.limits.orderPaymentUser, String(caller.userId)]],
 *         call: (caller, input) => ctx.services.checkout.requestOrderPayment(caller, ...),
 *       },
 *     });
 *
 * `bindEndpoints` registers every binding under the context's prefix through `registerRoute`, so the
 * access guard runs `onRequest`, before validation, and authentication stays on by default. The
 * answer goes out as the endpoint's `produces` says: JSON with the entry's first success status, or
 * a PDF (documents/reply.ts), a CSV stream, an image or an HTML page.
 *
 * TypeScript refuses a binding to a service without the endpoint's method, and a method or call
 * whose input or answer differ from the endpoint's schemas. At start-up `bindEndpoints` refuses,
 * naming the endpoint, a contract endpoint under its prefix that nothing answers, one bound twice
 * or bound and registered by hand, and a service object lacking the method.
 */

/** Who calls an endpoint, as its access guard leaves it on the request. */
type CallerOf<E extends Endpoint> = E['access'] extends { readonly kind: 'customer' }
  ? FastifyRequest['auth']
  : E['access'] extends { readonly kind: 'apiKey' }
    ? FastifyRequest['apiClient']
    : E['access'] extends { readonly kind: 'staff' }
      ? FastifyRequest['staff']
      : undefined;

/**
 * A bound method's input: the parsed query, body and path parameters in one object. A path
 * parameter wins over a body or query field of the same name (the path names the resource).
 */
export type InputOf<E> = Parsed<E, 'query'> & Parsed<E, 'body'> & Parsed<E, 'params'>;

/** What a JSON endpoint answers: the entry's first success (200, 201, 202; nothing for 204). */
type AnswerOf<E> = E extends { readonly response: infer R }
  ? R extends { readonly 200: infer S extends z.ZodType }
    ? z.input<S>
    : R extends { readonly 201: infer S extends z.ZodType }
      ? z.input<S>
      : R extends { readonly 202: infer S extends z.ZodType }
        ? z.input<S>
        : R extends { readonly 204: z.ZodType }
          ? void
          : unknown
  : unknown;

/** A CSV download: the name it is saved under and its text, streamed chunk by chunk. */
interface CsvFile {
  filename: string;
  chunks: Iterable<string> | AsyncIterable<string>;
}

/** An image and its content type. */
interface ImageFile {
  contentType: string;
  data: Buffer | string;
}

/** What a binding answers for endpoint E: by the entry's `produces`, else its JSON answer. */
type ReplyOf<E> = E extends { readonly produces: 'pdf' }
  ? PdfFile
  : E extends { readonly produces: 'csv' }
    ? CsvFile
    : E extends { readonly produces: 'image' }
      ? ImageFile
      : E extends { readonly produces: 'html' }
        ? string
        : AnswerOf<E>;

/** The method a service must have, under the endpoint's name, to be bound to endpoint E. */
type BoundMethod<E extends Endpoint> = (caller: CallerOf<E>, input: InputOf<E>) => ReplyOf<E> | Promise<ReplyOf<E>>;

/** What a `call` may use of the exchange besides the caller and the input. */
export interface Exchange {
  readonly request: FastifyRequest;
  /** Sets a header on the answer (a list's truncation header). */
  header(name: string, value: string): void;
}

interface BindingOptions<E extends Endpoint> {
  /**
   * Attempts counted per (limit, key), after authentication and validation: past a budget the
   * answer is 429 with Retry-After and nothing is called.
   */
  readonly throttle?: (caller: CallerOf<E>, request: FastifyRequest) => [Limit, string][];
  /** Headers on every answer of the route, errors included. */
  readonly headers?: RouteExtras['headers'];
  /** The route's own body limit in bytes. */
  readonly bodyLimit?: number;
  /** The route's own validator (the integration upserts check only the envelope of a batch). */
  readonly validatorCompiler?: RouteExtras['validatorCompiler'];
}

/**
 * Who answers endpoint E: a service holding a method of the endpoint's name, called as
 * `service[name](caller, input)`, or a `call` (a method of another name, arguments of another
 * shape, a header beside the answer).
 */
export type Binding<E extends Endpoint> = BindingOptions<E> &
  (
    | { readonly service: { readonly [K in E['name']]: BoundMethod<E> }; readonly call?: never }
    | {
        readonly call: (caller: CallerOf<E>, input: InputOf<E>, exchange: Exchange) => ReplyOf<E> | Promise<ReplyOf<E>>;
        readonly service?: never;
      }
  );

/** One area's bindings over one endpoint table (what `bindings` returns). */
export interface BindingSet {
  readonly area: string;
  readonly table: Readonly<Record<string, Endpoint>>;
  readonly entries: Readonly<Record<string, UntypedBinding>>;
}

interface UntypedBinding extends BindingOptions<Endpoint> {
  readonly service?: Readonly<Record<string, unknown>>;
  readonly call?: (caller: unknown, input: unknown, exchange: Exchange) => unknown;
}

/** Declares `area`'s bindings over `table`: endpoint name -> who answers it, and how. */
export function bindings<const T extends Record<string, Endpoint>>(
  area: string,
  table: T,
  entries: { readonly [K in keyof T]?: Binding<T[K]> },
): BindingSet {
  return { area, table, entries: entries as unknown as Record<string, UntypedBinding> };
}

const SUCCESS = [200, 201, 202, 204] as const;

/** The status a bound route answers with: the first success status of the entry (200 without any). */
function successStatus(endpoint: Endpoint): number {
  return SUCCESS.find((status) => endpoint.response?.[status] !== undefined) ?? 200;
}

function callerOf(endpoint: Endpoint, req: FastifyRequest): unknown {
  switch (endpoint.access.kind) {
    case 'customer':
      return req.auth;
    case 'apiKey':
      return req.apiClient;
    case 'staff':
      return req.staff;
    case 'public':
      return undefined;
  }
}

function sendCsv(reply: FastifyReply, { filename, chunks }: CsvFile) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}

function sendImage(reply: FastifyReply, { contentType, data }: ImageFile) {
  return (
    reply
      .type(contentType)
      .header('cache-control', 'no-store')
      // Images may be SVG: never let one run script or load anything if opened directly.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(data)
  );
}

const where = (e: Endpoint) => `${e.name} (${e.method} ${e.path})`;

/** Whether `path` lies under the context's prefix (every path does at the root). */
const under = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Registers every binding of `sets` on `app`, then throws at start-up for an endpoint of `table`
 * under `app`'s prefix that nothing answers. Called after the context's route plugins, so it sees
 * the routes they registered by hand.
 */
export function bindEndpoints(
  app: FastifyInstance,
  table: Readonly<Record<string, Endpoint>>,
  sets: readonly BindingSet[],
  { throttle }: { throttle?: Throttle } = {},
): void {
  const byHand = new Set(app.registeredRoutes.map((r) => r.endpoint));
  const boundIn = new Map<string, { area: string; binding: UntypedBinding }>();
  for (const set of sets) {
    if (set.table !== table) throw new Error(`${set.area}.bind.ts: its bindings are over another endpoint table`);
    for (const [name, binding] of Object.entries(set.entries)) {
      const endpoint = table[name];
      if (!endpoint) throw new Error(`${set.area}.bind.ts binds ${name}, which is no endpoint of the contract`);
      if (!under(app.prefix, endpoint.path))
        throw new Error(
          `${where(endpoint)}: bound in ${set.area}.bind.ts, outside this context's prefix ${app.prefix}`,
        );
      if (byHand.has(name))
        throw new Error(
          `${where(endpoint)} is registered by hand in its route plugin, yet ${set.area}.bind.ts binds it too: keep one`,
        );
      const first = boundIn.get(name);
      if (first) throw new Error(`${where(endpoint)} is bound twice: in ${first.area}.bind.ts and ${set.area}.bind.ts`);
      boundIn.set(name, { area: set.area, binding });
    }
  }
  // In the contract's order, which the OpenAPI page follows.
  for (const endpoint of Object.values(table)) {
    if (!under(app.prefix, endpoint.path) || byHand.has(endpoint.name)) continue;
    const bound = boundIn.get(endpoint.name);
    if (!bound)
      throw new Error(
        `${where(endpoint)}: nothing answers it. Bind it in its area's modules/<area>/<area>.bind.ts ` +
          `(${endpoint.name}: { service: ctx.services.<name> }, the service having a method ${endpoint.name}(caller, input)), ` +
          `or register it by hand in a route plugin`,
      );
    bind(app, endpoint, bound.binding, bound.area, throttle);
  }
}

function bind(app: FastifyInstance, endpoint: Endpoint, binding: UntypedBinding, area: string, throttle?: Throttle) {
  const { name } = endpoint;
  let invoke: (caller: unknown, input: unknown, exchange: Exchange) => unknown;
  if (binding.call) invoke = binding.call;
  else {
    const service = binding.service;
    const method = service?.[name];
    if (typeof method !== 'function')
      throw new Error(
        `${where(endpoint)}: ${area}.bind.ts binds it to a service that has no method ${name}(caller, input)`,
      );
    invoke = (caller, input) => (method as (c: unknown, i: unknown) => unknown).call(service, caller, input);
  }

  const status = successStatus(endpoint);
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const input = { ...(req.query as object), ...(req.body as object), ...(req.params as object) };
    const exchange: Exchange = { request: req, header: (header, value) => void reply.header(header, value) };
    const answer = await invoke(callerOf(endpoint, req), input, exchange);
    switch (endpoint.produces) {
      case 'pdf':
        return sendPdf(reply, answer as PdfFile);
      case 'csv':
        return sendCsv(reply, answer as CsvFile);
      case 'image':
        return sendImage(reply, answer as ImageFile);
      case 'html':
        return reply.type('text/html; charset=utf-8').send(answer);
      case undefined:
        if (status === 204) return reply.status(204).send(null);
        if (status !== 200) reply.status(status);
        return answer;
    }
  };

  const extras: RouteExtras = {};
  const limits = binding.throttle;
  if (limits) {
    if (!throttle) throw new Error(`${where(endpoint)}: ${area}.bind.ts throttles it, but no throttle was given`);
    extras.preHandler = async (req) => throttle.enforce(...limits(callerOf(endpoint, req) as never, req));
  }
  if (binding.headers) extras.headers = binding.headers;
  if (binding.bodyLimit) extras.bodyLimit = binding.bodyLimit;
  if (binding.validatorCompiler) extras.validatorCompiler = binding.validatorCompiler;
  registerRoute(app, endpoint, handler as RouteHandlerMethod, extras, area);
}
