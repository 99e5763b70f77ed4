import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetReauthForTests } from '../lib/base-api';
import { resetConnectionForTests } from '../lib/connection';
import { server } from './server';

// jsdom does not implement scrolling; ScrollRestoration (lib/router.tsx) calls it.
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true });
// jsdom has no Web Animations API; Headless UI transitions only need an empty list.
if (!Element.prototype.getAnimations) Element.prototype.getAnimations = () => [];

// Screens are lazy chunks: the first visit in a test file transforms them cold, which on a busy
// machine takes longer than the default 1 s of findBy/waitFor.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  resetReauthForTests();
  resetConnectionForTests();
});
afterAll(() => server.close());
