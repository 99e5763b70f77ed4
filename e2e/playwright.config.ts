import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { routes, pathOf } from '@wholesale/contract';

// Run through `npm run test:e2e` (scripts/e2e.mjs), which builds the web app and picks the port.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = !!process.env.CI;

// A fresh database per run, so the server seeds the demo data. Playwright loads this file in every
// worker too: only the runner process (no TEST_WORKER_INDEX) wipes it.
const dataDir = path.join(os.tmpdir(), `wholesale-e2e-${port}`);
if (process.env.TEST_WORKER_INDEX === undefined) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(here, '.output/test-results'),
  fullyParallel: false,
  forbidOnly: isCI,
  // One worker: on 2 cores a second browser competes with the server (scrypt) and gains nothing.
  workers: 1,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // scripts/common.mjs (E2E_RESULTS) reads the JSON report for the test summary.
  reporter: [['list'], ['json', { outputFile: path.join(here, '.output/results.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    // One process (not npx/npm), so stopping it by pid stops the server.
    command: `"${process.execPath}" --enable-source-maps server/dist/main.js`,
    cwd: root,
    url: `${baseURL}${pathOf(routes.getHealth)}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every journey logs in; the per-minute login limit would throttle a full run from one address.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // ...but a username locks after 20 attempts without a success (a success clears the count), so
      // staff.spec.ts can lock out a buyer and unlock them. Other journeys type a wrong password at most
      // once or twice for one username.
      LOGIN_USER_LIMIT_PER_MINUTE: '20',
      // erp.spec.ts: its webhook receiver listens on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  },
});
