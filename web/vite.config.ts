import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { preactAliases } from './preact-aliases';

const API_TARGET = 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  // The build ships Preact (preact-aliases.ts); `vite` (dev) keeps React for Fast Refresh.
  resolve: command === 'build' ? { alias: preactAliases } : {},
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/pay': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // No vendor groups: a group the entry imports from is preloaded whole, so the entry chunk holds
    // only what the shell needs and each screen's libraries load with the screen (size budget in
    // scripts/size-budget.mjs).
  },
}));
