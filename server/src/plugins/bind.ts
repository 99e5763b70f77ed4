import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@wholesale/contract';
import { registerRoute, type Parsed } from './routes.js';

/**
 * Endpoints answered by convention: a contract entry naming `service: 'basket'` is answered by
 * `services.basket[<endpoint name>](caller, input)`, with no route written by hand. After an area's
 * plugins have registered the routes they shape themselves (files, rate limits, headers),
 * `bindEndpoints` registers every other endpoint of the table under the context's prefix through
 * `route`'s own path (`registerRoute`): the access guard runs `onRequest`, before validation, so
 * authentication stays on by default.
 *
 * At start-up it refuses, naming the endpoint and the method it expected, an endpoint that no
 * plugin registered and whose entry names no service or a method the service lacks, and an entry
 * that names a service yet was registered by hand too. TypeScript refuses a service name the
 * server lacks and a method whose arguments or answer differ from the endpoint's schemas
 * (`ServicesFor`).
 */

/** Who calls an endpoint, as its access guard leaves it on the request. */
export type CallerOf<E extends Endpoint> = E['access'] extends { readonly kind: 'customer' }
  ? FastifyRequest['auth']
  : E['access'] extends { readonly kind: 'apiKey' }
    ? FastifyRequest['apiClient']
    : undefined;

/**
 * A bound method's input: the parsed query, body and path parameters in one object. A path
 * parameter wins over a body or query field of the same name (the path names the resource).
 */
export type InputOf<E> = Parsed<E, 'query'> & Parsed<E, 'body'> & Parsed<E, 'params'>;

/** What a bound method answers: the entry's first success (200, 201, 202; nothing for 204). */
export type AnswerOf<E> = E extends { readonly response: infer R }
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

/** The method a service must have for endpoint E. */
export type BoundMethod<E extends Endpoint> = (
  caller: CallerOf<E>,
  input: InputOf<E>,
) => AnswerOf<E> | Promise<AnswerOf<E>>;

type ServiceOf<E> = E extends { readonly service: infer S extends string } ? S : never;

/** What `services` must hold for table T: per service an entry names, the method of each such endpoint. */
export type ServicesFor<T extends Record<string, Endpoint>> = {
  readonly [S in ServiceOf<T[keyof T]>]: {
    readonly [K in keyof T as T[K] extends { readonly service: S } ? K : never]: BoundMethod<T[K]>;
  };
};

const SUCCESS = [200, 201, 202, 204] as const;

/** The status a bound route answers with: the first success status of the entry (200 without any). */
export function successStatus(endpoint: Endpoint): number {
  return SUCCESS.find((status) => endpoint.response?.[status] !== undefined) ?? 200;
}

function callerOf(endpoint: Endpoint, req: FastifyRequest): unknown {
  switch (endpoint.access.kind) {
    case 'customer':
      return req.auth;
    case 'apiKey':
      return req.apiClient;
    case 'public':
      return undefined;
  }
}

const where = (e: Endpoint) => `${e.name} (${e.method} ${e.path})`;

/** Whether `path` lies under the context's prefix (every path does at the root). */
const under = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Registers every endpoint of `table` under `app`'s prefix that no plugin has registered yet to its
 * service's method of the same name; throws at start-up for one it cannot answer.
 */
export function bindEndpoints<const T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  table: T,
  services: ServicesFor<T>,
): void {
  const registered = new Map(app.registeredRoutes.map((r) => [r.endpoint, r]));
  for (const endpoint of Object.values(table) as Endpoint[]) {
    if (!under(app.prefix, endpoint.path)) continue;
    const { service, name } = endpoint;
    const done = registered.get(name);
    if (done) {
      if (service && !done.boundTo)
        throw new Error(
          `${where(endpoint)} is registered by hand in its route plugin, yet its contract entry names service '${service}': ` +
            `keep one (drop the route line, or the entry's service)`,
        );
      continue;
    }
    if (!service)
      throw new Error(
        `${where(endpoint)}: no route plugin registered it and its contract entry names no service. ` +
          `Add service: '<name>' to its entry and a method services.<name>.${name}(caller, input), ` +
          `or register it in its area's route plugin`,
      );
    const target = (services as Record<string, Record<string, unknown> | undefined>)[service];
    const method = target?.[name];
    if (typeof method !== 'function')
      throw new Error(
        `${where(endpoint)}: its contract entry names service '${service}', ` +
          `but there is no method services.${service}.${name}(caller, input)` +
          (target ? '' : ` (no service '${service}')`),
      );
    const status = successStatus(endpoint);
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const input = { ...(req.query as object), ...(req.body as object), ...(req.params as object) };
      const answer: unknown = await (method as (c: unknown, i: unknown) => unknown).call(
        target,
        callerOf(endpoint, req),
        input,
      );
      if (status === 204) return reply.status(204).send(null);
      if (status !== 200) reply.status(status);
      return answer;
    };
    registerRoute(app, endpoint, handler as RouteHandlerMethod, {}, `${service}.${name}`);
  }
}
