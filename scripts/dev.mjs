// `npm run dev`: the API server under `node --watch` on :3000 and Vite on :5173 (which proxies
// /api to :3000), together. Ctrl-C or either one exiting stops both.
import { onSupportedNode } from './supported-node.mjs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { exitCodeOf, killGroup, ROOT, SERVER_ENTRY, spawnManaged } from './common.mjs';

await onSupportedNode();

const requireFromWeb = createRequire(path.join(ROOT, 'web/package.json'));
const viteBin = path.join(path.dirname(requireFromWeb.resolve('vite/package.json')), 'bin/vite.js');

const children = [
  {
    name: 'server',
    child: spawnManaged(process.execPath, ['--watch', '--import', 'tsx', SERVER_ENTRY], {
      env: { NODE_ENV: 'development', ...process.env, PORT: process.env.PORT ?? '3000' },
    }),
  },
  {
    name: 'vite',
    child: spawnManaged(process.execPath, [viteBin, '--port', '5173', '--strictPort'], {
      cwd: path.join(ROOT, 'web'),
    }),
  },
];

console.log('dev: API http://localhost:3000, web http://localhost:5173 (Ctrl-C stops both)');

let exiting = false;
for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (exiting) return;
    exiting = true;
    const status = exitCodeOf(code, signal);
    console.log(`dev: ${name} exited (${signal ?? `code ${code}`}); stopping the rest`);
    for (const other of children) if (other.child !== child) killGroup(other.child, 'SIGTERM');
    process.exitCode = status;
  });
}
