import { defineConfig } from 'vitest/config';

// The cluster tests run on their own (`npm run test:cluster`): they start PostgreSQL-backed instances
// and nginx, minutes of a 2-core machine, so neither `npm run test:unit` nor CI's run picks them up.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.mjs'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
