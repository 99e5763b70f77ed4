/* eslint-disable no-restricted-syntax -- this test declares a route table of its own (the walkthrough's); its paths are literal there, in its requests and in the start-up refusals it expects */
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable, withDetails, type Endpoint } from '@wholesale/contract';
import { serializerCompiler } from '../lib/serializer.js';
import { notFound, unauthorized } from '../lib/http-errors.js';
import { registerErrorHandling } from './errors.js';
import { bindEndpoints, type InputOf, type ServicesFor } from './bind.js';
import { provideCustomerGuard, recordRoutes, route } from './routes.js';

/*
 * "Add an endpoint" (docs/ARCHITECTURE.md) followed on a table of its own: a contract entry naming
 * its service, the service method of the same name over a repository, and nothing else.
 */

// 1. Contract: the route, its details naming the service.
const fakeRoutes = routeTable({
  renameAddress: { method: 'PATCH', path: '/api/account/addresses/:reference' },
  addNote: { method: 'POST', path: '/api/notes' },
  removeNote: { method: 'DELETE', path: '/api/notes/:id' },
  downloadNotes: { method: 'GET', path: '/api/notes/export' },
});
const fakeEndpoints = withDetails(fakeRoutes, {
  renameAddress: {
    service: 'addresses',
    tags: ['account'],
    summary: 'Rename a saved delivery address',
    params: z.object({ reference: z.string().min(1) }),
    body: z.object({ name: z.string().trim().min(1, 'Please enter a name') }),
    response: { 200: z.object({ reference: z.string(), name: z.string() }) },
  },
  addNote: {
    service: 'notes',
    tags: ['notes'],
    summary: 'Add a note',
    body: z.object({ text: z.string() }),
    response: { 201: z.object({ id: z.number() }) },
  },
  removeNote: {
    service: 'notes',
    tags: ['notes'],
    summary: 'Remove a note',
    params: z.object({ id: z.coerce.number().int() }),
    response: { 204: z.null() },
  },
  // Registered by hand (a file): no service.
  downloadNotes: { tags: ['notes'], summary: 'The notes as text' },
});
type Table = typeof fakeEndpoints;

// 2. Repository: the SQL, scoped by the account (here a map standing for the table).
function addressesRepository(rows: Map<string, { accountId: number; name: string }>) {
  return {
    rename(accountId: number, reference: string, name: string): boolean {
      const row = rows.get(reference);
      if (!row || row.accountId !== accountId) return false;
      row.name = name;
      return true;
    },
  };
}

// 3. Service: the rules; `renameAddress(caller, input)` is what the binder calls.
function addressesService(repo: ReturnType<typeof addressesRepository>) {
  return {
    async renameAddress(caller: { accountId: number }, { reference, name }: { reference: string; name: string }) {
      if (!repo.rename(caller.accountId, reference, name)) throw notFound('No such address');
      return { reference, name };
    },
  };
}

const CALLER = { userId: 7, accountId: 3, familyId: 'f', role: 'admin' as const };

function fakeServices() {
  const rows = new Map([
    ['A1', { accountId: 3, name: 'Depot' }],
    ['B2', { accountId: 4, name: "Another account's" }],
  ]);
  const addresses = addressesService(addressesRepository(rows));
  const notes = {
    addNote: vi.fn(async (_caller: unknown, { text }: { text: string }) => ({ id: text.length })),
    removeNote: vi.fn(async () => undefined),
  };
  return { rows, addresses: { renameAddress: vi.fn(addresses.renameAddress) }, notes, unrelated: {} };
}

/** A server with the customer guard (Bearer ok), the explicit route of the table, then the binder. */
async function serve(
  services: ServicesFor<Table>,
  opts: { table?: Record<string, Endpoint>; byHand?: (app: FastifyInstance) => void } = {},
) {
  const app = Fastify();
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  provideCustomerGuard(app, {
    check: async (req) => {
      if (req.headers.authorization !== 'Bearer ok') throw unauthorized();
      req.auth = CALLER;
    },
    security: [],
  });
  await app.register(
    async (api) => {
      await api.register(async (area) => {
        route(area, fakeEndpoints.downloadNotes, (_req, reply) => reply.type('text/plain').send('notes'));
        opts.byHand?.(area);
      });
      bindEndpoints(api, (opts.table ?? fakeEndpoints) as Table, services);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const ok = { authorization: 'Bearer ok' };

describe('bindEndpoints', () => {
  it("binds an entry to its service's method of the same name, with the caller and the parsed input", async () => {
    const services = fakeServices();
    const app = await serve(services);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/account/addresses/A1',
      headers: ok,
      payload: { name: '  Main depot ', extra: 'dropped' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reference: 'A1', name: 'Main depot' });
    expect(services.addresses.renameAddress).toHaveBeenCalledWith(CALLER, { reference: 'A1', name: 'Main depot' });
    expect(services.rows.get('A1')?.name).toBe('Main depot');
    // Scoped by the caller's account: another account's address is a 404, left alone.
    const other = await app.inject({
      method: 'PATCH',
      url: '/api/account/addresses/B2',
      headers: ok,
      payload: { name: 'X' },
    });
    expect(other.statusCode).toBe(404);
    expect(services.rows.get('B2')?.name).toBe("Another account's");
    // The route is recorded as bound, the explicit one as registered by hand.
    const recorded = new Map(app.registeredRoutes.map((r) => [`${r.method} ${r.url}`, r.boundTo]));
    expect(recorded.get('PATCH /api/account/addresses/:reference')).toBe('addresses.renameAddress');
    expect(recorded.get('GET /api/notes/export')).toBeUndefined();
    expect(recorded.has('GET /api/notes/export')).toBe(true);
    await app.close();
  });

  it('authenticates before validating: an anonymous bad request is 401, a signed-in one 400, neither reaches the service', async () => {
    const services = fakeServices();
    const app = await serve(services);
    const url = '/api/account/addresses/A1';
    const anonymous = await app.inject({ method: 'PATCH', url, payload: { name: 42 } });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await app.inject({ method: 'PATCH', url, headers: ok, payload: { name: ' ' } });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().message).toContain('Please enter a name');
    expect(services.addresses.renameAddress).not.toHaveBeenCalled();
    await app.close();
  });

  it("answers with the entry's success status: 201 with the answer, 204 with none", async () => {
    const services = fakeServices();
    const app = await serve(services);
    const added = await app.inject({ method: 'POST', url: '/api/notes', headers: ok, payload: { text: 'four' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ id: 4 });
    const removed = await app.inject({ method: 'DELETE', url: '/api/notes/12', headers: ok });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(services.notes.removeNote).toHaveBeenCalledWith(CALLER, { id: 12 });
    await app.close();
  });

  it('refuses to start when the service lacks the method, naming the endpoint and the method expected', async () => {
    const { addresses: _gone, ...rest } = fakeServices();
    await expect(serve({ ...rest, addresses: {} } as unknown as ServicesFor<Table>)).rejects.toThrow(
      "renameAddress (PATCH /api/account/addresses/:reference): its contract entry names service 'addresses', but there is no method services.addresses.renameAddress(caller, input)",
    );
    await expect(serve(rest as unknown as ServicesFor<Table>)).rejects.toThrow("(no service 'addresses')");
  });

  it('refuses to start when an endpoint names no service and no plugin registered it', async () => {
    const listNotes = { ...fakeEndpoints.downloadNotes, name: 'listNotes', path: '/api/notes' };
    await expect(serve(fakeServices(), { table: { ...fakeEndpoints, listNotes } })).rejects.toThrow(
      'listNotes (GET /api/notes): no route plugin registered it and its contract entry names no service. ' +
        "Add service: '<name>' to its entry and a method services.<name>.listNotes(caller, input)",
    );
  });

  it('refuses an entry that names a service yet is registered by hand too', async () => {
    await expect(
      serve(fakeServices(), {
        byHand: (area) => route(area, fakeEndpoints.addNote, () => ({ id: 0 })),
      }),
    ).rejects.toThrow(
      "addNote (POST /api/notes) is registered by hand in its route plugin, yet its contract entry names service 'notes'",
    );
  });

  it("types a method's input from the entry's schemas, and refuses a method of another shape", () => {
    expectTypeOf<InputOf<Table['renameAddress']>>().toEqualTypeOf<{ name: string } & { reference: string }>();
    expectTypeOf<InputOf<Table['removeNote']>>().toEqualTypeOf<{ id: number }>();
    const { rows: _rows, ...services } = fakeServices();
    const wrongInput = {
      ...services,
      addresses: { renameAddress: async (_c: unknown, _reference: string) => ({ reference: '', name: '' }) },
    };
    const wrongAnswer = { ...services, notes: { ...services.notes, addNote: async () => ({ id: 'x' }) } };
    const fine: ServicesFor<Table> = services;
    // @ts-expect-error the input is an object of the entry's schemas, not a string
    const refusedInput: ServicesFor<Table> = wrongInput;
    // @ts-expect-error the answer must be the entry's 201 schema
    const refusedAnswer: ServicesFor<Table> = wrongAnswer;
    // @ts-expect-error a service the entry names must be there
    const missing: ServicesFor<Table> = { notes: services.notes };
    expect([fine, refusedInput, refusedAnswer, missing]).toHaveLength(4);
  });
});
