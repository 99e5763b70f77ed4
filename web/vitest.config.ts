import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { preactAliases } from './preact-aliases.ts';

export default defineConfig({
  plugins: [react()],
  // What ships: Preact behind the React API (see preact-aliases.ts).
  resolve: { alias: preactAliases, mainFields: ['module', 'main'], conditions: ['module', 'browser', 'development'] },
  ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Libraries that import react/react-dom go through Vite too, so the aliases reach them (and
    // Preact itself, so there is one copy of it).
    server: {
      deps: {
        inline: [
          /preact/,
          /react/,
          /@testing-library/,
          /@headlessui/,
          /@floating-ui/,
          /@react-aria/,
          /@tanstack/,
          /@reduxjs/,
          /@hookform/,
          /wouter/,
        ],
      },
    },
    testTimeout: 30_000,
  },
});
