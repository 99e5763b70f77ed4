// `npm run admin | seed | migrate | bench*`: runs a TypeScript file as `node --import tsx` does, on a
// supported Node. On an older Node (20 as the machines come) it first runs itself again on Node 24,
// as `npm start` does (scripts/supported-node.mjs), instead of letting the SQLite driver built for
// Node 24 crash with a bare "Segmentation fault". Node flags before the file pass through.
//
//   node scripts/run-ts.mjs [--node-flag ...] <file.ts> [args ...]
import { onSupportedNode } from './supported-node.mjs';
import { exitCodeOf, spawnManaged } from './common.mjs';

await onSupportedNode();

const args = process.argv.slice(2);
const file = args.findIndex((a) => !a.startsWith('-'));
if (file < 0) {
  console.error('run-ts: usage: node scripts/run-ts.mjs [--node-flag ...] <file.ts> [args ...]');
  process.exit(2);
}
const child = spawnManaged(process.execPath, [...args.slice(0, file), '--import', 'tsx', ...args.slice(file)], {
  stdio: 'inherit',
});
child.on('error', (err) => {
  console.error(`run-ts: could not start ${args[file]}: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
