import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, endpoints, integrationEndpoints, pathOf, requestOf, INTEGRATION_PREFIX } from './index.js';

describe('the endpoint table', () => {
  it('names each endpoint once, by its key, and holds each method and path once', () => {
    const all = allEndpoints();
    expect(new Set(all.map((e) => e.name)).size).toBe(all.length);
    for (const [key, e] of Object.entries({ ...endpoints, ...integrationEndpoints })) expect(e.name).toBe(key);
    const routes = all.map((e) => `${e.method} ${e.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('needs a customer session unless an entry says otherwise, and says why a public one is open', () => {
    expect(endpoints.getBasket.access).toEqual({ kind: 'customer' });
    expect(integrationEndpoints.listEvents.access).toEqual({ kind: 'apiKey', scope: 'events:read' });
    for (const e of allEndpoints()) if (e.access.kind === 'public') expect(e.access.why.length).toBeGreaterThan(10);
  });

  it('puts integration endpoints, and only they, under the integration prefix with an API key', () => {
    // The one exception: the public page each problem+json `type` points at (static text).
    const publicDocs = new Set(['describeProblemType']);
    for (const e of allEndpoints())
      expect([e.name, e.path.startsWith(`${INTEGRATION_PREFIX}/`)]).toEqual([
        e.name,
        e.access.kind === 'apiKey' || publicDocs.has(e.name),
      ]);
    expect(integrationEndpoints.describeProblemType.access.kind).toBe('public');
    expect(integrationEndpoints.describeProblemType.method).toBe('GET');
  });

  it("declares a params schema with exactly the path's :names", () => {
    for (const e of allEndpoints()) {
      const names = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const shape = e.params ? Object.keys((e.params as z.ZodLazy<z.ZodObject>).unwrap().shape).sort() : [];
      expect([e.name, shape]).toEqual([e.name, names]);
    }
  });
});

describe('pathOf', () => {
  it('fills in and URL-encodes path parameters', () => {
    expect(pathOf(endpoints.getBasket)).toBe('/api/basket');
    expect(pathOf(endpoints.deleteBasketLine, { id: 3 })).toBe('/api/basket/3');
    expect(pathOf(endpoints.getProductImage, { itemNumber: 'RB/1 ?', imageType: 0 })).toBe(
      '/api/orderproducts/RB%2F1%20%3F/image/0',
    );
    expect(requestOf(endpoints.cancelOrder, { orderNumber: 'SO-1' })).toEqual({
      url: '/api/order/SO-1/cancel',
      method: 'POST',
    });
  });

  it('refuses a missing parameter (and the types refuse it first)', () => {
    // @ts-expect-error: the parameters are required
    expect(() => pathOf(endpoints.trackOrder)).toThrow(':orderNumber');
    // @ts-expect-error: a parameter the path does not have
    pathOf(endpoints.trackOrder, { orderNumber: 'x', other: 1 });
    // @ts-expect-error: no parameters on this path
    pathOf(endpoints.getBasket, { id: 1 });
  });
});
