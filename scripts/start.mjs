// `npm start`: build the web app and compile the server when they are stale, then run the compiled
// server as one process (migrates, seeds demo data into an empty database, listens on PORT, default 3000).
import { onSupportedNode } from './supported-node.mjs';
import { ensureServerBuilt, ensureWebBuilt, exitCodeOf, spawnManaged, SERVER_BUILD } from './common.mjs';

await onSupportedNode();

await ensureWebBuilt();
await ensureServerBuilt();

const server = spawnManaged(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
  stdio: 'inherit',
});
server.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
