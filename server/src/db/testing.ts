/**
 * Test helper: a fresh, migrated database per call, on every engine the machine offers.
 * SQLite always (a file in a new temp dir); PostgreSQL when TEST_DATABASE_URL is set (a new database
 * created through that URL). `handle.close()` also removes the temp dir / drops the database.
 *
 *   describe.each(testEngines())('thing on $name', (engine) => {
 *     let handle: DbHandle;
 *     beforeAll(async () => { handle = await engine.open(); });
 *     afterAll(async () => { await handle?.close(); });
 *   });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isPostgresUrl, openDatabase, type DbHandle, type Engine } from './client.js';
import { migrateToLatest } from './migrate.js';

export interface TestEngine {
  name: Engine;
  open(): Promise<DbHandle>;
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ name: 'sqlite', open: openSqlite }];
  const url = process.env.TEST_DATABASE_URL;
  if (isPostgresUrl(url)) engines.push({ name: 'postgres', open: () => openPostgres(url) });
  return engines;
}

async function openSqlite(): Promise<DbHandle> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const handle = openDatabase({ dataDir: dir });
  try {
    await migrateToLatest(handle);
  } catch (err) {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(adminUrl: string): Promise<DbHandle> {
  const name = `test_${process.pid}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  const drop = async () => {
    await handle.close();
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    await migrateToLatest(handle);
  } catch (err) {
    await drop();
    throw err;
  }
  return { ...handle, close: drop };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
