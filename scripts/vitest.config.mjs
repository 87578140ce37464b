import { defineProject } from 'vitest/config';

// The repository's own scripts and files: the lockfile's engines, `npm start`'s build check.
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['*.test.mjs'],
    // Each start is a Node process of its own; on a busy machine a few of them take seconds.
    testTimeout: 60_000,
  },
});
