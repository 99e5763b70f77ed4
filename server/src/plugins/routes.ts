import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import type { Access, ApiScope, Endpoint, Produces, TeamRole } from '@wholesale/contract';
import type { StaffRole } from '@wholesale/contract/staff';

/**
 * Every route of the server is registered here, from its entry in the contract's endpoint table
 * (`endpoints`, `integrationEndpoints`): method, path, schemas and who may call it. Authentication
 * is on unless the entry is public, and it runs in `onRequest`, before the body is parsed or
 * validated, so an anonymous caller gets 401, never the schema's complaint.
 *
 *   route(app, endpoints.login, async (req, reply) => ...);
 *
 * Almost every endpoint needs no such line: its area's bindings (modules/<area>/<area>.bind.ts)
 * name the service method that answers it, and bind.ts registers it through `registerRoute` below.
 */

/** How one kind of caller is checked: a hook that throws 401/403, and the OpenAPI security it documents. */
export interface AccessGuard {
  check: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  security: { [scheme: string]: string[] }[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The customer session guard (app.ts); every context under the root sees it. */
    customerGuard: AccessGuard;
    /** The API-key guard, one per scope; only the integration module's context has it. */
    apiKeyGuard: (scope: ApiScope) => AccessGuard;
    /** The staff guard, one per least role; only the staff module's context has it (modules/staff). */
    staffGuard: (role: StaffRole) => AccessGuard;
    /** Every route registered, in order (`recordRoutes`); tests hold it against the contract. */
    registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from (set by `route`). */
    endpoint?: string;
    /** The area whose bindings answer it (plugins/bind.ts), when not registered by hand. */
    boundTo?: string;
    /** The team roles its contract entry allows (customer routes); the customer guard refuses others. */
    roles?: readonly TeamRole[];
  }
}

/** Makes the customer session guard known to every route registered under `app`. */
export function provideCustomerGuard(app: FastifyInstance, guard: AccessGuard): void {
  app.decorate('customerGuard', guard);
}

/** Makes the API-key guard known to the routes registered under `app` (the integration module). */
export function provideApiKeyGuard(app: FastifyInstance, guard: (scope: ApiScope) => AccessGuard): void {
  app.decorate('apiKeyGuard', guard);
}

/** Makes the staff guard known to the routes registered under `app` (the staff module). */
export function provideStaffGuard(app: FastifyInstance, guard: (role: StaffRole) => AccessGuard): void {
  app.decorate('staffGuard', guard);
}

function guardFor(app: FastifyInstance, endpoint: Endpoint): AccessGuard | undefined {
  const access: Access = endpoint.access;
  switch (access.kind) {
    case 'public':
      return undefined;
    case 'customer':
      if (!app.hasDecorator('customerGuard')) throw new Error(`${endpoint.name}: no customer guard in this context`);
      return app.customerGuard;
    case 'apiKey':
      if (!app.hasDecorator('apiKeyGuard')) throw new Error(`${endpoint.name}: no API-key guard in this context`);
      return app.apiKeyGuard(access.scope);
    case 'staff':
      if (!app.hasDecorator('staffGuard')) throw new Error(`${endpoint.name}: no staff guard in this context`);
      return app.staffGuard(access.role);
  }
}

export type Parsed<E, K extends string> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;
type Answer<E> = E extends { readonly response: { readonly 200: infer S extends z.ZodType } } ? z.input<S> : unknown;

/** The request a handler of endpoint E gets: params, query and body as its schemas parse them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
}>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Answer<E> | FastifyReply | Promise<Answer<E> | FastifyReply>;

/** What a route may add to its entry: checks after authentication (rate limits), a body validator. */
export interface RouteExtras {
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  validatorCompiler?: FastifySchemaCompiler<FastifySchema>;
  /** The route's own body limit in bytes (the app's default otherwise). */
  bodyLimit?: number;
  /** Headers set on every answer of the route, errors included (`Cache-Control` of tokens). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * What the OpenAPI page says a non-JSON endpoint produces. @fastify/swagger gives every status of
 * a route these content types, its JSON errors included, so the page names only the types it
 * always has (the PDFs', the problem pages'); the CSV export and the images say theirs in their
 * summaries.
 */
const OPENAPI_PRODUCES: { readonly [K in Produces]: readonly string[] | undefined } = {
  pdf: ['application/pdf'],
  html: ['text/html'],
  csv: undefined,
  image: undefined,
};

/**
 * Registers `endpoint` on `app` (whose prefix the endpoint's path must start with) with its
 * schemas and its access guard. Throws at start-up when the guard its access needs is missing.
 */
export function route<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  registerRoute(app, endpoint, handler as unknown as RouteHandlerMethod, extras);
}

/** `route` without the handler's types; `boundTo` names the area whose bindings answer it (bind.ts). */
export function registerRoute(
  app: FastifyInstance,
  endpoint: Endpoint,
  handler: RouteHandlerMethod,
  extras: RouteExtras = {},
  boundTo?: string,
): void {
  if (!endpoint.path.startsWith(app.prefix))
    throw new Error(`${endpoint.name}: ${endpoint.path} is not under this context's prefix ${app.prefix}`);
  const guard = guardFor(app, endpoint);
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    security: guard ? guard.security : [],
  };
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response) schema.response = endpoint.response;
  const produces = endpoint.produces && OPENAPI_PRODUCES[endpoint.produces];
  if (produces) schema.produces = [...produces];
  if (endpoint.hide) schema.hide = true;
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length) || '/',
    config: {
      endpoint: endpoint.name,
      ...(boundTo ? { boundTo } : {}),
      ...(endpoint.access.kind === 'customer' && endpoint.access.roles ? { roles: endpoint.access.roles } : {}),
    },
    schema,
    ...(guard ? { onRequest: guard.check as onRequestHookHandler } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    ...(extras.validatorCompiler ? { validatorCompiler: extras.validatorCompiler } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.headers ? { onSend: headersHook(extras.headers) } : {}),
    handler,
  });
}

function headersHook(headers: Readonly<Record<string, string>>): onSendHookHandler {
  return async (_req, reply) => {
    reply.headers(headers);
  };
}

/** One registered route as the server holds it (the tests compare them with the contract). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The contract endpoint it came from; undefined for a route a third-party plugin added. */
  endpoint: string | undefined;
  /** The area whose bindings answer it (bind.ts); undefined for a route registered by hand. */
  boundTo: string | undefined;
}

/** Records every route registered on `app` from now on, as `app.registeredRoutes` (call it before registering any). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (opts) => {
    const config = opts.config as { endpoint?: string; boundTo?: string } | undefined;
    for (const method of [opts.method].flat())
      routes.push({ method, url: opts.url, endpoint: config?.endpoint, boundTo: config?.boundTo });
  });
}
