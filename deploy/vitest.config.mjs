import { defineConfig } from 'vitest/config';

// The cluster tests run on their own (`npm run test:cluster`): they start PostgreSQL-backed instances
// and nginx, so `npm run test:unit` leaves them out; CI runs them after the PostgreSQL run (.ci/run).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.mjs'],
    environment: 'node',
    // Generous: a start takes about 4 CPU seconds, a minute and more on a machine shared by many runs.
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
