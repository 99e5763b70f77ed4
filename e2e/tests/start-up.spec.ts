// Start-up: index.html preloads the first screen's chunk, so it downloads beside the
// entry rather than after it (web/vite.config.ts: preloadFirstScreen).
import { expect, test } from '@playwright/test';
import { screenShells } from '../../web/src/app/screen-shells';
import { login } from './helpers';

test.describe('start-up', () => {
  test("preloads the first screen's chunk from the HTML, for that screen only", async ({ page }) => {
    // The app's own script never runs here, so every preload seen comes from the HTML's (the app's
    // router also adds some when it imports a screen, through Vite's preload helper).
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort('failed'));
    const preload = (name: string) => page.locator(`head link[rel="modulepreload"][href*="/assets/${name}-"]`);
    await page.goto('/login');
    await expect(preload('login-page')).toHaveCount(1);
    await expect(preload('search-page')).toHaveCount(0);
    await page.goto('/products/search/');
    await expect(preload('search-page')).toHaveCount(1);
    await expect(preload('login-page')).toHaveCount(0);
  });
});

test.describe("each screen's static shell", () => {
  // The first paint (before the app's script has run) shows the screen's heading where the app then
  // draws it, so Lighthouse's Largest Contentful Paint is the first paint and the swap moves nothing.
  test('paints the heading with the same text, place and size as the app', async ({ page }) => {
    const shellHeading = async (path: string) => {
      await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort('failed'));
      await page.goto(path);
      const heading = page.locator('#app-shell [data-shell-heading]');
      await expect(heading, path).toBeVisible();
      const found = { text: await heading.textContent(), box: await heading.boundingBox() };
      await page.unrouteAll();
      return found;
    };
    const appHeading = async (path: string) => {
      await page.goto(path);
      const heading = page.locator('#root h1').first();
      await expect(heading, path).toBeVisible();
      await expect(page.locator('#app-shell'), path).toBeHidden();
      await expect(page, path).toHaveURL((url) => url.pathname === path);
      return { text: await heading.textContent(), box: await heading.boundingBox() };
    };
    const paths = Object.keys(screenShells);
    expect(paths.length).toBeGreaterThan(3);
    const compare = async (path: string) => {
      const shell = await shellHeading(path);
      const app = await appHeading(path);
      expect(shell.text, path).toBe(app.text);
      for (const k of ['x', 'y', 'width', 'height'] as const)
        expect(
          Math.abs(shell.box![k] - app.box![k]),
          `${path}: ${k} of the shell's heading against the app's`,
        ).toBeLessThan(0.5);
    };
    await compare('/login');
    await login(page);
    for (const path of paths.filter((p) => p !== '/login')) await compare(path);
  });
});

test.describe('every screen on React', () => {
  test('opens every screen without a console error, a page error or a Content-Security-Policy violation', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const visit = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await page.waitForLoadState('networkidle');
    };
    await visit('/login');
    await login(page);
    for (const path of [
      '/',
      '/account',
      '/open-orders',
      '/details',
      '/change-password',
      '/basket',
      '/checkout/deliveryinformation',
      '/products/search',
      '/no-such-page',
    ]) {
      await visit(path);
    }
    expect(problems).toEqual([]);
  });
});
