import { sql, type Kysely } from 'kysely';

/**
 * Usernames are unique without regard to case, and logins match either case: a unique index on
 * lower(username), which the login and the ERP's user upsert look up by (same DDL on both engines;
 * usernames are ASCII, where SQLite's lower() and PostgreSQL's agree).
 *
 * Users that already differ only in case (`demo` and `DEMO`): the oldest keeps the name; each other
 * is renamed `<name>-<id>` (and its refresh tokens revoked, so it signs in again under that name),
 * and the renames are printed for the operator to pass on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; username: string }>`
    select id, username from users
    where lower(username) in (select lower(username) from users group by lower(username) having count(*) > 1)
    order by lower(username), id`.execute(db);
  const seen = new Set<string>();
  const now = new Date().toISOString();
  for (const r of rows) {
    const folded = r.username.toLowerCase();
    if (!seen.has(folded)) {
      seen.add(folded);
      continue;
    }
    let renamed = `${r.username}-${r.id}`;
    for (let n = 2; ; n++) {
      const { rows: taken } = await sql<{ id: number }>`
        select id from users where lower(username) = ${renamed.toLowerCase()}`.execute(db);
      if (taken.length === 0) break;
      renamed = `${r.username}-${r.id}-${n}`;
    }
    await sql`update users set username = ${renamed} where id = ${r.id}`.execute(db);
    await sql`update refresh_tokens set revoked_at = ${now} where user_id = ${r.id} and revoked_at is null`.execute(db);
    console.warn(
      `migration 014: username ${r.username} (user ${r.id}) differed from another only in case: now ${renamed}`,
    );
  }
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
}
