import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_TARGET = 'http://localhost:3000';

/** Long-lived vendor chunks: they change far less often than the app code. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router)[\\/]/ },
  { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk)[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/ },
  {
    name: 'ui',
    test: /node_modules[\\/](@headlessui|@floating-ui|@react-aria|@tanstack|react-toastify|clsx|react-error-boundary)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
