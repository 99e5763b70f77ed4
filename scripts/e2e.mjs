// `npm run test:e2e`: the browser journeys in Debian's Chromium against the real server.
// Builds the web app when stale, checks Chromium, picks a free port, runs Playwright.
// Extra arguments go to `playwright test` (e.g. `--project phone`, `-g "log out"`).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { onSupportedNode } from './supported-node.mjs';
import { ensureServerBuilt, ensureWebBuilt, ROOT, run } from './common.mjs';

await onSupportedNode();

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
try {
  fs.accessSync(chromium, fs.constants.X_OK);
} catch {
  console.error(
    `e2e: Chromium not found at ${chromium}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`,
  );
  process.exit(1);
}

await ensureWebBuilt();
// The journeys run against the server as production runs it: compiled.
await ensureServerBuilt();

const port = process.env.E2E_PORT ?? String(await freePort(3199));
console.log(`e2e: Chromium ${chromium}, server on http://127.0.0.1:${port}`);

const code = await run(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  { env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: port } },
);
// The run's database (see e2e/playwright.config.ts) is kept after a failure for a look, else removed.
if (code === 0) fs.rmSync(path.join(os.tmpdir(), `wholesale-e2e-${port}`), { recursive: true, force: true });
process.exit(code);

/** The preferred port when it is free on 127.0.0.1, otherwise one the kernel picks. */
function freePort(preferred) {
  const tryPort = (p) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(p, '127.0.0.1', () => {
        const { port: got } = srv.address();
        srv.close(() => resolve(got));
      });
    });
  return tryPort(preferred).then((p) => p ?? tryPort(0));
}
