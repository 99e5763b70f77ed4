/**
 * Test support: a webhook dispatcher in a process of its own, so a test can kill it (SIGKILL)
 * with deliveries in flight (webhook-dispatcher.api.test.ts). Not part of the server.
 * Env: CHILD_DATABASE_URL (PostgreSQL) or CHILD_SQLITE_FILE, CHILD_SECRET, CHILD_LEASE_MS.
 */
import os from 'node:os';
import { openDatabase } from '../../db/client.js';
import { secretBox } from '../../lib/secret-box.js';
import { webhookDispatcher } from './webhook-dispatcher.js';
import { composeStore } from '../../compose.js';

const handle = openDatabase({
  databaseUrl: process.env.CHILD_DATABASE_URL,
  sqliteFile: process.env.CHILD_SQLITE_FILE,
  dataDir: os.tmpdir(),
});
const dispatcher = webhookDispatcher(composeStore(handle.db).internal.repos.events, {
  box: secretBox(process.env.CHILD_SECRET ?? ''),
  timeoutMs: 60_000,
  allowPrivate: true,
  pollMs: 50,
  leaseMs: Number(process.env.CHILD_LEASE_MS ?? 2_000),
});
dispatcher.start();
process.stdout.write(`dispatching as ${dispatcher.holder}\n`);
