/* eslint-disable no-restricted-syntax -- this test declares a route table of its own (the walkthrough's); its paths are literal there, in its requests and in the start-up refusals it expects */
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable, withDetails, type Endpoint } from '@wholesale/contract';
import { serializerCompiler } from '../lib/serializer.js';
import { notFound, unauthorized } from '../lib/http-errors.js';
import { Throttle } from '../lib/throttle.js';
import { pdfFilename } from '../documents/reply.js';
import { registerErrorHandling } from './errors.js';
import { bindEndpoints, bindings, type Binding, type BindingSet, type InputOf } from './bind.js';
import { provideCustomerGuard, recordRoutes, route } from './routes.js';

/*
 * "Add an endpoint" (docs/ARCHITECTURE.md) followed on a table of its own: a contract entry saying
 * what the endpoint is, a service method over a repository, and one line in the area's bindings.
 */

// 1. Contract: the route and its details; nothing names who answers it.
const fakeRoutes = routeTable({
  renameAddress: { method: 'PATCH', path: '/api/account/addresses/:reference' },
  addNote: { method: 'POST', path: '/api/notes' },
  removeNote: { method: 'DELETE', path: '/api/notes/:id' },
  downloadNotes: { method: 'GET', path: '/api/notes/export' },
  printNote: { method: 'GET', path: '/api/notes/:id/pdf' },
  exportNotes: { method: 'GET', path: '/api/notes/csv' },
  noteImage: { method: 'GET', path: '/api/notes/:id/image' },
});
const fakeEndpoints = withDetails(fakeRoutes, {
  renameAddress: {
    tags: ['account'],
    summary: 'Rename a saved delivery address',
    params: z.object({ reference: z.string().min(1) }),
    body: z.object({ name: z.string().trim().min(1, 'Please enter a name') }),
    response: { 200: z.object({ reference: z.string(), name: z.string() }) },
  },
  addNote: {
    tags: ['notes'],
    summary: 'Add a note',
    body: z.object({ text: z.string() }),
    response: { 201: z.object({ id: z.number() }) },
  },
  removeNote: {
    tags: ['notes'],
    summary: 'Remove a note',
    params: z.object({ id: z.coerce.number().int() }),
    response: { 204: z.null() },
  },
  // Registered by hand below.
  downloadNotes: { tags: ['notes'], summary: 'The notes as text' },
  printNote: {
    tags: ['notes'],
    summary: 'A note as a PDF',
    params: z.object({ id: z.string() }),
    produces: 'pdf',
  },
  exportNotes: { tags: ['notes'], summary: 'The notes as CSV', produces: 'csv' },
  noteImage: { tags: ['notes'], summary: "A note's picture", params: z.object({ id: z.string() }), produces: 'image' },
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

// 3. Service: the rules; `renameAddress(caller, input)` is what the binding calls.
function addressesService(repo: ReturnType<typeof addressesRepository>) {
  return {
    async renameAddress(caller: { accountId: number }, { reference, name }: { reference: string; name: string }) {
      if (!repo.rename(caller.accountId, reference, name)) throw notFound('No such address');
      return { reference, name };
    },
  };
}

const CALLER = { userId: 7, accountId: 3, familyId: 'f', role: 'admin' as const };
const oneAttempt = { name: 'notes-user', points: 1, seconds: 60 };

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
  return { rows, addresses: { renameAddress: vi.fn(addresses.renameAddress) }, notes };
}
type Services = ReturnType<typeof fakeServices>;

// 4. Bindings (modules/<area>/<area>.bind.ts): endpoint name -> who answers it, and how.
function fakeBindings(services: Services): BindingSet[] {
  return [
    bindings('account', fakeEndpoints, { renameAddress: { service: services.addresses } }),
    bindings('notes', fakeEndpoints, {
      addNote: {
        service: services.notes,
        throttle: (caller) => [[oneAttempt, String(caller.userId)]],
        headers: { 'cache-control': 'private, no-store' },
      },
      removeNote: { service: services.notes },
      printNote: { call: (_caller, { id }) => ({ pdf: Buffer.from('%PDF-1.4 note'), filename: `Note ${id}/€.pdf` }) },
      exportNotes: {
        call: (_caller, _input, exchange) => {
          exchange.header('x-results-truncated', 'true');
          return { filename: 'notes.csv', chunks: ['id,text\n', '1,one\n'] };
        },
      },
      noteImage: { call: () => ({ contentType: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg"/>' }) },
    }),
  ];
}

/** A server with the customer guard (Bearer ok), the route registered by hand, then the bindings. */
async function serve(
  sets: BindingSet[],
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
      bindEndpoints(api, opts.table ?? fakeEndpoints, sets, {
        throttle: new Throttle(undefined, `bind-test-${Math.random()}`),
      });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const ok = { authorization: 'Bearer ok' };

describe('bindEndpoints', () => {
  it("binds an endpoint to its service's method of the same name, with the caller and the parsed input", async () => {
    const services = fakeServices();
    const app = await serve(fakeBindings(services));
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
    // The route is recorded as bound by its area, the other as registered by hand.
    const recorded = new Map(app.registeredRoutes.map((r) => [`${r.method} ${r.url}`, r.boundTo]));
    expect(recorded.get('PATCH /api/account/addresses/:reference')).toBe('account');
    expect(recorded.get('POST /api/notes')).toBe('notes');
    expect(recorded.get('GET /api/notes/export')).toBeUndefined();
    expect(recorded.has('GET /api/notes/export')).toBe(true);
    await app.close();
  });

  it('authenticates before validating: an anonymous bad request is 401, a signed-in one 400, neither reaches the service', async () => {
    const services = fakeServices();
    const app = await serve(fakeBindings(services));
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
    const app = await serve(fakeBindings(services));
    const added = await app.inject({ method: 'POST', url: '/api/notes', headers: ok, payload: { text: 'four' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ id: 4 });
    const removed = await app.inject({ method: 'DELETE', url: '/api/notes/12', headers: ok });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(services.notes.removeNote).toHaveBeenCalledWith(CALLER, { id: 12 });
    await app.close();
  });

  it("counts a throttled binding's attempts per caller: past the budget 429 with Retry-After, the service not called", async () => {
    const services = fakeServices();
    const app = await serve(fakeBindings(services));
    const add = () => app.inject({ method: 'POST', url: '/api/notes', headers: ok, payload: { text: 'x' } });
    expect((await add()).statusCode).toBe(201);
    const refused = await add();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A binding's headers go on every answer of the route, its errors too.
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expect(services.notes.addNote).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('sends what the entry produces: a PDF under a safe name, a CSV stream, an image that cannot run script', async () => {
    const app = await serve(fakeBindings(fakeServices()));
    const pdf = await app.inject({ method: 'GET', url: '/api/notes/SO-1/pdf', headers: ok });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Note_SO-1_.pdf"');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.body).toBe('%PDF-1.4 note');
    const csv = await app.inject({ method: 'GET', url: '/api/notes/csv', headers: ok });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="notes.csv"');
    expect(csv.headers['x-results-truncated']).toBe('true');
    expect(csv.body).toBe('id,text\n1,one\n');
    const image = await app.inject({ method: 'GET', url: '/api/notes/1/image', headers: ok });
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    await app.close();
  });

  it('refuses to start when the service lacks the method, naming the endpoint', async () => {
    const services = fakeServices();
    const lacking = bindings('account', fakeEndpoints, {
      renameAddress: { service: {} } as unknown as Binding<Table['renameAddress']>,
    });
    await expect(serve([lacking, fakeBindings(services)[1]!])).rejects.toThrow(
      'renameAddress (PATCH /api/account/addresses/:reference): account.bind.ts binds it to a service that has no method renameAddress(caller, input)',
    );
  });

  it('refuses to start when nothing answers an endpoint of the contract', async () => {
    const [, notes] = fakeBindings(fakeServices());
    await expect(serve([notes!])).rejects.toThrow(
      'renameAddress (PATCH /api/account/addresses/:reference): nothing answers it. ' +
        "Bind it in its area's modules/<area>/<area>.bind.ts",
    );
  });

  it('refuses an endpoint bound and registered by hand, or bound twice', async () => {
    const sets = fakeBindings(fakeServices());
    await expect(
      serve(sets, { byHand: (area) => route(area, fakeEndpoints.addNote, () => ({ id: 0 })) }),
    ).rejects.toThrow(
      'addNote (POST /api/notes) is registered by hand in its route plugin, yet notes.bind.ts binds it too',
    );
    const again = bindings('more-notes', fakeEndpoints, { removeNote: { call: () => undefined } });
    await expect(serve([...sets, again])).rejects.toThrow(
      'removeNote (DELETE /api/notes/:id) is bound twice: in notes.bind.ts and more-notes.bind.ts',
    );
  });

  it("types a binding from the entry's schemas, and refuses a method or a call of another shape", () => {
    expectTypeOf<InputOf<Table['renameAddress']>>().toEqualTypeOf<{ name: string } & { reference: string }>();
    expectTypeOf<InputOf<Table['removeNote']>>().toEqualTypeOf<{ id: number }>();
    const services = fakeServices();
    const wrongInput = { renameAddress: async (_c: unknown, _reference: string) => ({ reference: '', name: '' }) };
    const fine = bindings('x', fakeEndpoints, {
      renameAddress: { service: services.addresses },
      printNote: { call: () => ({ pdf: Buffer.from(''), filename: 'x' }) },
    });
    const refused = [
      // @ts-expect-error the input is an object of the entry's schemas, not a string
      bindings('x', fakeEndpoints, { renameAddress: { service: wrongInput } }),
      // @ts-expect-error the answer must be the entry's 201 schema
      bindings('x', fakeEndpoints, { addNote: { service: { addNote: async () => ({ id: 'x' }) } } }),
      // @ts-expect-error the service must have the endpoint's method
      bindings('x', fakeEndpoints, { addNote: { service: services.addresses } }),
      // @ts-expect-error a PDF endpoint answers a file, not JSON
      bindings('x', fakeEndpoints, { printNote: { call: () => ({ ok: true }) } }),
      // @ts-expect-error a call's input is the entry's: removeNote has no `text`
      bindings('x', fakeEndpoints, { removeNote: { call: (_c, { text }) => void text } }),
      // @ts-expect-error an endpoint the table does not have
      bindings('x', fakeEndpoints, { renameNote: { service: services.notes } }),
    ];
    expect([fine, ...refused]).toHaveLength(7);
  });
});

describe('pdfFilename', () => {
  it('keeps letters, digits, dot, dash and underscore, at most 120 of them, and ends in one .pdf', () => {
    expect(pdfFilename('SO-200072.pdf')).toBe('SO-200072.pdf');
    expect(pdfFilename('A100-2026-02')).toBe('A100-2026-02.pdf');
    expect(pdfFilename('a"b\r\nc.PDF')).toBe('a_b_c.pdf');
    expect(pdfFilename('x'.repeat(300))).toBe(`${'x'.repeat(120)}.pdf`);
    expect(pdfFilename('')).toBe('Statement.pdf');
  });
});
