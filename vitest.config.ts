import { defineConfig } from 'vitest/config';

// One runner for unit, API and component tests; each workspace has its own project config.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
  },
});
