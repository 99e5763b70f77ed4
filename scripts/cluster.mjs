// `npm run cluster`: builds the web app and the server when stale, then runs N servers behind nginx
// (server/src/cluster/cli.ts; see deploy/README.md). Arguments pass through: -- --servers 3 --port 8080
import { onSupportedNode } from './supported-node.mjs';
import { ensureServerBuilt, ensureWebBuilt, exitCodeOf, run, spawnManaged } from './common.mjs';

// On an older Node, run again on Node 24 (as `npm start` does): the servers need its SQLite driver.
await onSupportedNode();

// What is missing (nginx, DATABASE_URL, REDIS_URL) is said before anything is built.
const check = await run(process.execPath, ['--import', 'tsx', 'server/src/cluster/cli.ts', '--check']);
if (check !== 0) process.exit(check);
await ensureWebBuilt();
await ensureServerBuilt();
const child = spawnManaged(
  process.execPath,
  ['--import', 'tsx', 'server/src/cluster/cli.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
child.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
