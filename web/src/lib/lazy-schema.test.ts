import { describe, expect, it } from 'vitest';
import { basket } from '@wholesale/contract';
import { lazySchema } from './lazy-schema';
import { z } from './zod';

describe('lazySchema', () => {
  it('loads the schema on first use, once, and checks values with it', async () => {
    let loads = 0;
    const schema = lazySchema(async () => (loads++, z.object({ n: z.number() })));
    expect(loads).toBe(0);
    expect(await schema['~standard'].validate({ n: 1 })).toEqual({ value: { n: 1 } });
    const bad = await schema['~standard'].validate({ n: 'one' });
    expect(bad.issues?.[0]?.path).toEqual(['n']);
    expect(loads).toBe(1);
  });

  it("rejects an answer that does not match the contract's schema", async () => {
    const schema = lazySchema(async () => basket);
    const result = await schema['~standard'].validate({ basketLines: 'none' });
    expect(result.issues?.length).toBeGreaterThan(0);
  });

  it('tries the load again after it failed (offline, then back)', async () => {
    let attempt = 0;
    const schema = lazySchema(async () => {
      if (attempt++ === 0) throw new Error('Failed to fetch dynamically imported module');
      return z.string();
    });
    await expect(schema['~standard'].validate('a')).rejects.toThrow('Failed to fetch');
    expect(await schema['~standard'].validate('a')).toEqual({ value: 'a' });
  });
});
