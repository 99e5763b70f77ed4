import { routes } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import { api, PUBLIC_ENDPOINTS } from './base-api';

// Every API module of the app (one per contract area: features/<area>/<area>-api.ts, or lib/ for an
// area read across screens), loaded so that each injects its endpoints into the one api.
const modules = import.meta.glob(['../features/*/*-api.ts', './*-api.ts'], { eager: true });

describe('the web API modules', () => {
  it('name every endpoint as the contract names its route (a public route then goes without a session)', () => {
    expect(Object.keys(modules)).toContain('../features/basket/basket-api.ts');
    const names = Object.keys(api.endpoints);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !Object.hasOwn(routes, name))).toEqual([]);
    // The set-password link is read before any session exists: its endpoint must be the public route's.
    expect(names).toContain('describeSetPasswordLink');
    expect(PUBLIC_ENDPOINTS.has('describeSetPasswordLink')).toBe(true);
  });
});
