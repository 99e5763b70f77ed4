import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '@wholesale/contract/staff';
import { parseAdminArgs } from '../../cli/admin.js';
import { UsageError } from '../../cli/db.js';
import type { DbHandle } from '../../db/client.js';
import { testEngines } from '../../db/testing.js';
import { testConfig } from '../../test/app.js';
import { staffCommands } from './staff.admin.js';
import { composeStaff } from '../../compose.js';

describe.each(testEngines())('admin CLI staff commands on $name', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('parses staff create, list and disable', () => {
    expect(
      parseAdminArgs(['staff', 'create', '--username', 'ada', '--email', 'a@x.example', '--role', 'admin']),
    ).toEqual({
      help: false,
      command: 'staff create',
      values: { username: 'ada', email: 'a@x.example', role: 'admin' },
    });
    expect(parseAdminArgs(['staff', 'list'])).toMatchObject({ command: 'staff list' });
    expect(parseAdminArgs(['staff', 'enable', '--username', 'ada'])).toMatchObject({
      command: 'staff enable',
      values: { username: 'ada' },
    });
    expect(() => parseAdminArgs(['staff', 'delete'])).toThrow('unknown command "staff delete" (see --help)');
  });

  it('creates a staff member with a one-time set-up link, lists and disables them, audited as the CLI', async () => {
    const cli = staffCommands(composeStaff(handle.db, testConfig()).staff);
    const out = await cli.create({
      username: 'ops.lead',
      email: 'ops@staff.example',
      role: 'admin',
      orderOnBehalf: true,
    });
    expect(out).toMatch(/^created staff ops\.lead \(Admin\)\nset-up link emailed to ops@staff\.example\n/);
    expect(out).toMatch(/set-up link \(works once, until .+\): http:\/\/portal\.test\/staff\/set-up\?token=\S+$/);
    expect(await cli.list()).toBe('ops.lead  ops@staff.example  admin  not enrolled  orders on behalf');
    // The back office keeps an active admin, whoever asks.
    await expect(cli.disable({ username: 'ops.lead' })).rejects.toEqual(new UsageError(STAFF_MSG.lastAdmin));
    await cli.create({ username: 'ops.deputy', email: 'deputy@staff.example', role: 'admin', orderOnBehalf: false });
    expect(await cli.disable({ username: 'OPS.LEAD' })).toBe('disabled staff ops.lead; their sessions have ended');
    expect(await cli.list()).toMatch(/^ops\.lead .* disabled$/m);
    expect(await cli.enable({ username: 'ops.lead' })).toBe('enabled staff ops.lead; they can sign in again');
    await expect(cli.enable({ username: 'ops.lead' })).rejects.toEqual(
      new UsageError(STAFF_MSG.alreadyEnabled('ops.lead')),
    );
    expect(await cli.list()).not.toMatch(/disabled/);
    const audit = await handle.db
      .selectFrom('staff_audit')
      .select(['action', 'staff_id', 'address'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.created', staff_id: null, address: 'cli' },
      { action: 'staff.created', staff_id: null, address: 'cli' },
      { action: 'staff.disabled', staff_id: null, address: 'cli' },
      { action: 'staff.enabled', staff_id: null, address: 'cli' },
    ]);
  });

  it('refuses bad input as usage errors with the same messages as the API', async () => {
    const cli = staffCommands(composeStaff(handle.db, testConfig()).staff);
    await expect(
      cli.create({ username: 'x', email: 'x@y.example', role: 'admin', orderOnBehalf: false }),
    ).rejects.toEqual(new UsageError(STAFF_MSG.usernameFormat));
    await expect(
      cli.create({ username: 'okname', email: 'nope', role: 'admin', orderOnBehalf: false }),
    ).rejects.toEqual(new UsageError(STAFF_MSG.emailFormat));
    await expect(
      cli.create({ username: 'okname', email: 'a@b.example', role: 'boss', orderOnBehalf: false }),
    ).rejects.toThrow('--role must be one of admin, customer_service, finance, read_only');
    await expect(cli.disable({ username: 'ghost' })).rejects.toEqual(new UsageError(STAFF_MSG.unknownStaff('ghost')));
  });
});
