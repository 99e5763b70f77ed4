// `npm start`: build the web app when it is stale, then run the server as one process
// (migrates, seeds demo data into an empty database, listens on PORT, default 3000).
import { ensureWebBuilt, exitCodeOf, spawnManaged, SERVER_ENTRY } from './common.mjs';

await ensureWebBuilt();

const server = spawnManaged(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
  stdio: 'inherit',
});
server.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
