import { defineConfig } from 'vitest/config';

// The cluster tests run on their own (`npm run test:cluster`): they start PostgreSQL-backed instances
// and nginx, minutes of a 2-core machine, so neither `npm run test:unit` nor CI's run picks them up.
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
