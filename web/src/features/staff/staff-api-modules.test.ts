import { staffEndpoints } from '@wholesale/contract/staff';
import { describe, expect, it } from 'vitest';
import { staffApi } from './staff-api';

// Every API module of the back office (one per staff contract area), loaded so that each injects its
// endpoints into staffApi.
const modules = import.meta.glob('./*-api.ts', { eager: true });

describe("the back office's API modules", () => {
  it('name every endpoint as the contract names its route', () => {
    expect(Object.keys(modules)).toContain('./customers-api.ts');
    const names = Object.keys(staffApi.endpoints);
    expect(names.length).toBeGreaterThan(25);
    expect(names.filter((name) => !Object.hasOwn(staffEndpoints, name))).toEqual([]);
  });
});
