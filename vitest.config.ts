import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'scripts'],
    // Vitest's default (one less than the cores) is a single worker on a 2-core machine, where the API
    // tests wait on the database as much as they compute: two files at a time keep both cores busy.
    // Larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
