import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Benchmarks run on their own: `npx vitest run -c bench/vitest.config.ts`. */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['bench/**/*.bench.test.ts'],
    root: fileURLToPath(new URL('..', import.meta.url)),
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
