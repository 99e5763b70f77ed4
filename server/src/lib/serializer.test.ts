import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { basket, productList, type Basket, type Product, SERVER_MSG } from '@wholesale/contract';
import { registerErrorHandling } from '../plugins/errors.js';
import { ResponseSchemaError, serializerCompiler } from './serializer.js';

const stringify = (schema: z.ZodType, data: unknown) =>
  (serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' }) as (d: unknown) => string)(data);

const product: Product = {
  itemNumber: 'RB-1',
  description: 'Roller blind "blackout", 240 cm',
  stock: 12,
  quantityDue: 0,
  packQuantity: 1,
  dueDate: null,
  unit: 'EACH',
  price: 12.5,
  discountPrice: 11.87654,
  isFavourite: false,
  hasMultiBuyDiscount: true,
};
const line = {
  lineNumber: 1,
  itemNumber: 'RB-1',
  description: 'Roller blind',
  stock: '1,200',
  unit: 'EACH',
  discountPercentage: 10,
  discountPrice: 11.25,
  totalLinePrice: 22.5,
  quantity: 2,
  additionalCharge: 'False',
  hasMultiBuyDiscount: false,
} satisfies Basket['basketLines'][number];

describe('response serialization from the contract', () => {
  it('writes what zod would: the same JSON for nullable values, set or null, and nested lists', () => {
    const products = [product, { ...product, itemNumber: 'RB-2', dueDate: '03/12/26' }];
    const baskets: Basket[] = [
      { basketLines: [line], carriageLine: null, totalBasketPrice: 22.5, revision: 3 },
      {
        basketLines: [],
        carriageLine: { ...line, lineNumber: 2, additionalCharge: 'True' },
        totalBasketPrice: 0,
        revision: 0,
      },
    ];
    expect(stringify(productList, products)).toBe(JSON.stringify(productList.parse(products)));
    for (const b of baskets) expect(stringify(basket, b)).toBe(JSON.stringify(basket.parse(b)));
    expect(JSON.parse(stringify(productList, products))).toEqual(products);
  });

  it('leaves out what the schema does not name, at every depth, and optional values not given', () => {
    const leaky = { ...product, passwordHash: 'scrypt$secret', account: { id: 7 } };
    expect(stringify(productList, [leaky])).not.toMatch(/passwordHash|secret|account/);
    const withLine = { basketLines: [{ ...line, costPrice: 1 }], carriageLine: null, totalBasketPrice: 1, revision: 1 };
    expect(stringify(basket, withLine)).not.toContain('costPrice');
    const optional = z.object({ a: z.string(), b: z.string().optional() });
    expect(stringify(optional, { a: 'x' })).toBe('{"a":"x"}');
  });

  it('refuses an answer that lacks a required property', () => {
    const { description: _, ...partial } = product;
    expect(() => stringify(productList, [partial])).toThrow(ResponseSchemaError);
  });

  it('answers such a response as a 500 with the usual message, and logs which route it was', async () => {
    const log = new PassThrough();
    const lines: string[] = [];
    log.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = Fastify({ logger: { level: 'error', stream: log } });
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.get('/broken', { schema: { response: { 200: productList } } }, async () => [{ itemNumber: 'X' }]);
    const res = await app.inject({ method: 'GET', url: '/broken' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ statusCode: 500, message: SERVER_MSG.serverError });
    expect(res.body).not.toContain('description');
    expect(lines.join('')).toMatch(/response did not match its schema/);
  });
});
