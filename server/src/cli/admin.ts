/**
 * `npm run admin -- <command> [options]`: operator tasks on the portal's database (DATABASE_URL or
 * DATA_DIR/portal.sqlite). Prints one line; bad input exits 2, other failures 1.
 */
import fs from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Db } from '../db/client.js';
import {
  apiClientCreate,
  apiClientList,
  apiClientRevoke,
  apiClientRotate,
  createAccount,
  createUser,
  describeImport,
  disableUser,
  importProducts,
  redirectLink,
  setBanner,
  setOrderStatus,
  setSetting,
  webhookDelete,
  webhookDisable,
  webhookList,
} from './admin-commands.js';
import { isMain, openFromEnv, runCli, UsageError } from './db.js';
import { loadConfig } from '../config.js';
import { secretBox } from '../lib/secret-box.js';
import { mailBaseUrl } from '../modules/mail/mail-render.js';
import { staffCommands } from '../modules/staff/staff.admin.js';
import { composeStaff, composeStore } from '../compose.js';

/** The invitation's sealing key and link address, as the server has them (environment, DATA_DIR secrets). */
function invitationFromEnv() {
  const config = loadConfig();
  return { box: secretBox(config.paymentSecret), baseUrl: mailBaseUrl(config) };
}

export const ADMIN_HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-account    --customer-number C10042 --name "Name Ltd" --currency GBP|EUR --country "United Kingdom (Mainland)"
                    [--proforma] [--on-stop] [--email E] [--contact NAME] [--address1 A] [--address2 A]
                    [--city C] [--county C] [--postcode P] [--phone P] [--credit-limit 5000.00]
                    [--vat 20] [--discount 10] [--carriage 9.95] [--carriage-free-over 250.00]
  create-user       --customer-number C10042 --username U --name "Full Name" [--password P]
                    [--job-title T] [--email E]   (without --password: an invitation email with a
                                                  set-password link; PUBLIC_URL for its address)
  disable-user      --username U                 (also ends the user's sessions)
  set-banner        --text "..." | --off         (the home page notification)
  set-setting       --key K --value V            (support.email, company.name, tracking.urlTemplate, order.cutOff (hh:mm), ...)
  redirect-link     --username U [--base-url http://localhost:3000]
                                                 (a one-time login link, valid 10 minutes)
  set-order-status  --order SO-200123 --status Open|"In Progress"|Shipped|Cancelled
                    [--tracking T1,T2] [--despatch-date yyyy-mm-dd]
  import-products   --file products.csv          (columns itemNumber,description,productType,range,
                                                  unit,packQuantity,stock,priceGBP,priceEUR)
  api-client create --name NAME --scopes catalogue:write,prices:write,...
                                                 (an ERP integration client; prints its key once)
  api-client list                                (clients, scopes and live key ids; never keys)
  api-client rotate --name NAME                  (a new key; the old one works until revoked)
  api-client revoke --key-id ID | --name NAME    (one key, or the client, all its keys and its webhook endpoints)
  webhook list      [--client NAME]              (every client's webhook endpoints, or one client's)
  webhook disable   --id ID                      (nothing more is sent to it, queued deliveries included)
  webhook delete    --id ID                      (the endpoint and its deliveries)
  mail list         [--failed] [--limit N]       (emails, newest first; --failed: failed and unsendable ones
                                                  with the mail server's answer)
  mail resend       --id N                       (queues a failed or unsendable email again, same Message-ID)
  staff create      --username U --email E --role admin|customer_service|finance|read_only [--order-on-behalf]
                                                 (a back-office user; prints a one-time set-up link, valid
                                                  24 hours; PUBLIC_URL for its address)
  staff list                                     (staff users, roles, enrolled, locked, disabled)
  staff disable     --username U                 (also ends the staff member's sessions; never the last
                                                  active admin)
  staff enable      --username U                 (a disabled staff member signs in again as before)

Countries: "United Kingdom (Mainland)", "UK Islands", "Northern Ireland", "Republic of Ireland".
The database is DATABASE_URL (postgres://...) or DATA_DIR/portal.sqlite (default ./data).
Run "npm run admin -- <command> --help" for one command.`;

type Options = NonNullable<ParseArgsConfig['options']>;
const str = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
type Values = Record<string, string | boolean | undefined>;

interface Command {
  options: Options;
  /** What it does; returns the line to print and whether it fully succeeded. */
  run(db: Db, v: Values): Promise<{ out: string; ok: boolean }>;
}

const s = (v: Values, k: string): string | undefined => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
const ok = (out: string) => ({ out, ok: true });

export const COMMANDS: Record<string, Command> = {
  'create-account': {
    options: {
      'customer-number': str,
      name: str,
      currency: str,
      country: str,
      proforma: flag,
      'on-stop': flag,
      email: str,
      contact: str,
      address1: str,
      address2: str,
      city: str,
      county: str,
      postcode: str,
      phone: str,
      'credit-limit': str,
      vat: str,
      discount: str,
      carriage: str,
      'carriage-free-over': str,
    },
    run: async (db, v) =>
      ok(
        await createAccount(db, {
          customerNumber: s(v, 'customer-number') ?? '',
          name: s(v, 'name') ?? '',
          currency: s(v, 'currency') ?? '',
          country: s(v, 'country') ?? '',
          proforma: v.proforma === true,
          onStop: v['on-stop'] === true,
          email: s(v, 'email'),
          contact: s(v, 'contact'),
          address1: s(v, 'address1'),
          address2: s(v, 'address2'),
          city: s(v, 'city'),
          county: s(v, 'county'),
          postcode: s(v, 'postcode'),
          phone: s(v, 'phone'),
          creditLimit: s(v, 'credit-limit'),
          vat: s(v, 'vat'),
          discount: s(v, 'discount'),
          carriage: s(v, 'carriage'),
          carriageFreeOver: s(v, 'carriage-free-over'),
        }),
      ),
  },
  'create-user': {
    options: { 'customer-number': str, username: str, name: str, password: str, 'job-title': str, email: str },
    run: async (db, v) =>
      ok(
        await createUser(db, {
          customerNumber: s(v, 'customer-number') ?? '',
          username: s(v, 'username') ?? '',
          name: s(v, 'name') ?? '',
          password: s(v, 'password'),
          // Without --password: an invitation email with a set-password link (the server's key and URL).
          invite: s(v, 'password') === undefined ? invitationFromEnv() : undefined,
          jobTitle: s(v, 'job-title'),
          email: s(v, 'email'),
        }),
      ),
  },
  'disable-user': {
    options: { username: str },
    run: async (db, v) => ok(await disableUser(db, { username: s(v, 'username') ?? '' })),
  },
  'set-banner': {
    options: { text: str, off: flag },
    run: async (db, v) => {
      if (v.off !== true && s(v, 'text') === undefined) throw new UsageError('set-banner needs --text "..." or --off');
      return ok(await setBanner(db, { text: s(v, 'text'), off: v.off === true }));
    },
  },
  'set-setting': {
    options: { key: str, value: str },
    run: async (db, v) => ok(await setSetting(db, { key: s(v, 'key') ?? '', value: s(v, 'value') as string })),
  },
  'redirect-link': {
    options: { username: str, 'base-url': str },
    run: async (db, v) =>
      ok(
        await redirectLink(db, {
          username: s(v, 'username') ?? '',
          baseUrl: s(v, 'base-url') ?? process.env.PUBLIC_URL,
        }),
      ),
  },
  'set-order-status': {
    options: { order: str, status: str, tracking: str, 'despatch-date': str },
    run: async (db, v) =>
      ok(
        await setOrderStatus(db, {
          order: s(v, 'order') ?? '',
          status: s(v, 'status') ?? '',
          tracking: s(v, 'tracking'),
          despatchDate: s(v, 'despatch-date'),
        }),
      ),
  },
  'import-products': {
    options: { file: str },
    run: async (db, v) => {
      const file = s(v, 'file');
      if (!file) throw new UsageError('--file is required');
      let csv: string;
      try {
        csv = fs.readFileSync(file, 'utf8');
      } catch {
        throw new UsageError(`cannot read --file ${file}`);
      }
      const result = await importProducts(db, csv);
      return { out: describeImport(result), ok: result.errors.length === 0 };
    },
  },
  'api-client create': {
    options: { name: str, scopes: str },
    run: async (db, v) => ok(await apiClientCreate(db, { name: s(v, 'name') ?? '', scopes: s(v, 'scopes') ?? '' })),
  },
  'api-client list': { options: {}, run: async (db) => ok(await apiClientList(db)) },
  'api-client rotate': {
    options: { name: str },
    run: async (db, v) => ok(await apiClientRotate(db, { name: s(v, 'name') ?? '' })),
  },
  'api-client revoke': {
    options: { name: str, 'key-id': str },
    run: async (db, v) => ok(await apiClientRevoke(db, { name: s(v, 'name'), keyId: s(v, 'key-id') })),
  },
  'webhook list': {
    options: { client: str },
    run: async (db, v) => ok(await webhookList(db, { client: s(v, 'client') })),
  },
  'webhook disable': { options: { id: str }, run: async (db, v) => ok(await webhookDisable(db, { id: s(v, 'id') })) },
  'webhook delete': { options: { id: str }, run: async (db, v) => ok(await webhookDelete(db, { id: s(v, 'id') })) },
  'mail list': {
    options: { failed: flag, limit: str },
    run: async (db, v) => {
      const limit = s(v, 'limit') ?? '50';
      if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1)
        throw new UsageError('--limit must be a number from 1 to 9999');
      return ok(await composeStore(db).mailAdmin.list({ failed: v.failed === true, limit: Number(limit) }));
    },
  },
  'staff create': {
    options: { username: str, email: str, role: str, 'order-on-behalf': flag },
    run: async (db, v) =>
      ok(
        await staffCommands(composeStaff(db, loadConfig()).staff).create({
          username: s(v, 'username') ?? '',
          email: s(v, 'email') ?? '',
          role: s(v, 'role') ?? '',
          orderOnBehalf: v['order-on-behalf'] === true,
        }),
      ),
  },
  'staff list': {
    options: {},
    run: async (db) => ok(await staffCommands(composeStaff(db, loadConfig()).staff).list()),
  },
  'staff disable': {
    options: { username: str },
    run: async (db, v) =>
      ok(await staffCommands(composeStaff(db, loadConfig()).staff).disable({ username: s(v, 'username') ?? '' })),
  },
  'staff enable': {
    options: { username: str },
    run: async (db, v) =>
      ok(await staffCommands(composeStaff(db, loadConfig()).staff).enable({ username: s(v, 'username') ?? '' })),
  },
  'mail resend': {
    options: { id: str },
    run: async (db, v) => ok(await composeStore(db).mailAdmin.resend({ id: s(v, 'id') ?? '' })),
  },
};

/** Parse argv into a command and its values; throws UsageError (or a parseArgs error) on bad input. */
export function parseAdminArgs(
  argv: string[],
): { help: true; command?: string } | { help: false; command: string; values: Values } {
  const [first, ...rest] = argv;
  if (!first || first === '--help' || first === '-h' || first === 'help') return { help: true };
  // Two-word commands: `api-client create`, `webhook list`, `mail list`, ...
  const name =
    (first === 'api-client' || first === 'webhook' || first === 'mail' || first === 'staff') &&
    rest[0] &&
    !rest[0].startsWith('-')
      ? `${first} ${rest.shift()}`
      : first;
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}" (see --help)`);
  const { values, positionals } = parseArgs({
    args: rest,
    strict: true,
    allowPositionals: true,
    options: { ...command.options, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return { help: true, command: name };
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}" (quote values with spaces)`);
  return { help: false, command: name, values: values as Values };
}

function commandHelp(name: string): string {
  const start = ADMIN_HELP.indexOf(`  ${name} `);
  const lines = ADMIN_HELP.slice(start).split('\n');
  const own = [lines[0] ?? ''];
  for (const l of lines.slice(1)) {
    if (!/^ {4,}/.test(l)) break;
    own.push(l);
  }
  return `Usage: npm run admin -- ${own.map((l) => l.trim()).join(' ')}`;
}

async function main(): Promise<void> {
  const parsed = parseAdminArgs(process.argv.slice(2));
  if (parsed.help) {
    console.log(parsed.command ? commandHelp(parsed.command) : ADMIN_HELP);
    return;
  }
  const command = COMMANDS[parsed.command] as Command;
  const handle = await openFromEnv();
  try {
    const { out, ok: success } = await command.run(handle.db, parsed.values);
    console.log(out);
    if (!success) process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

if (isMain(import.meta.url)) runCli('admin', main);
