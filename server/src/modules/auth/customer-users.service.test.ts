import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE, USERNAME_RULE_MESSAGE } from '@wholesale/contract';
import { composeStore } from '../../compose.js';
import type { DbHandle } from '../../db/client.js';
import { testEngines } from '../../db/testing.js';
import { verifyPassword } from '../../lib/password.js';
import { seedDemo } from '../../seed/index.js';
import { CustomerUserError, SUPPLIER_CREATED_ROLE } from './customer-users.service.js';

const CREATED_AT = '2025-01-02T09:00:00.000Z';

describe.each(testEngines())('customer users on $name', (engine) => {
  let handle: DbHandle;
  let accountId: number;

  beforeAll(async () => {
    handle = await engine.open();
    await seedDemo(handle, { products: 40 });
    accountId = (await composeStore(handle.db).account.idOfCustomer('C10001')) ?? 0;
    expect(accountId).toBeGreaterThan(0);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const userRow = (username: string) =>
    handle.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  const demoUser = (username: string, role?: 'viewer') => ({
    accountId,
    username,
    name: 'Fixture User',
    jobTitle: 'Tester',
    email: '',
    role,
  });

  it('writes demo users back-dated, with the password and username rules and the role create gives', async () => {
    const { customerUsers } = composeStore(handle.db);
    const ids = await customerUsers.createDemoUsers([demoUser('fixture.one'), demoUser('fixture.two', 'viewer')], {
      password: 'Fixture-pass-1',
      createdAt: CREATED_AT,
    });
    const one = await userRow('fixture.one');
    expect(one?.id).toBe(ids.get('fixture.one'));
    expect(one?.team_role).toBe(SUPPLIER_CREATED_ROLE);
    expect(one?.created_at).toBe(CREATED_AT);
    expect(one?.password_changed_at).toBe(CREATED_AT);
    expect(await verifyPassword('Fixture-pass-1', one?.password_hash ?? '')).toBe(true);
    expect((await userRow('fixture.two'))?.team_role).toBe('viewer');

    // A user the CLI or the back office creates gets the same role.
    const made = await customerUsers.create(
      {
        customerNumber: 'C10001',
        username: 'made.by.cli',
        name: 'Made',
        email: '',
        jobTitle: '',
        password: 'Good-pass-123',
      },
      'admin-cli',
    );
    expect((await userRow('made.by.cli'))?.team_role).toBe(SUPPLIER_CREATED_ROLE);
    expect(made.id).toBeGreaterThan(0);

    await expect(
      customerUsers.createDemoUsers([demoUser('fixture.three')], { password: 'short', createdAt: CREATED_AT }),
    ).rejects.toThrow(PASSWORD_RULE_MESSAGE);
    const bad = customerUsers.createDemoUsers([demoUser('fixture four!')], {
      password: 'Fixture-pass-1',
      createdAt: CREATED_AT,
    });
    await expect(bad).rejects.toBeInstanceOf(CustomerUserError);
    await expect(bad).rejects.toThrow(USERNAME_RULE_MESSAGE);
    expect(await userRow('fixture.three')).toBeUndefined();
    expect(await userRow('fixture four!')).toBeUndefined();
  });

  it('gives a one-time login to an enabled user only', async () => {
    const { customerUsers } = composeStore(handle.db);
    const user = await customerUsers.findByName('demo2');
    expect(user?.disabled).toBe(0);
    const { token, expiresAt } = await customerUsers.oneTimeLogin(user?.id ?? 0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    await customerUsers.disable(user?.id ?? 0, 'admin-cli');
    await expect(customerUsers.oneTimeLogin(user?.id ?? 0)).rejects.toMatchObject({ reason: 'disabled' });
    await expect(customerUsers.oneTimeLogin(999_999)).rejects.toMatchObject({ reason: 'no-user' });
    expect(await customerUsers.findByName('nobody')).toBeUndefined();
  });
});
