import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROUTE_TITLES_FILE, routeTitles } from './src/config/route-titles';
import { lightEndpoints } from './vite-light-endpoints';

/** Writes every route's title beside index.html: the server puts the opened page's title into the HTML. */
function routeTitlesFile(): Plugin {
  return {
    name: 'route-titles',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: ROUTE_TITLES_FILE, source: JSON.stringify(routeTitles()) });
    },
  };
}

/**
 * A page's scripts in a few files, not dozens (issue 29, item 3: at most 10 requests over HTTP/1.1).
 * Everything the entry imports is one chunk beside it: left alone, the bundler splits each module the
 * entry shares with a lazy page (React, the UI kit's base) into a file of its own. A common chunk of
 * the lazy pages below 60 kB of source is copied into each page that uses it instead of being a file
 * of its own, which needs wrapped modules so they still run in their source order.
 */
const browserChunks = {
  groups: [{ name: 'initial', tags: ['$initial' as const] }],
  experimentalInlineCommonChunks: { maxSize: 60_000 },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), routeTitlesFile(), lightEndpoints()],
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The browser's chunks (decision 037). The server rendering build keeps its entry's exports.
      ...(isSsrBuild ? {} : { preserveEntrySignatures: false as const, output: { codeSplitting: browserChunks } }),
      // Features run nothing on import, so a page gets only the parts of a feature's index.ts it uses,
      // and each role's area stays in its own chunk: staff code never reaches a client up front. The
      // contract only declares (schemas, endpoints, rules), so a module takes only the parts it uses of it too.
      treeshake: {
        // A schema nobody in the browser uses is dropped: zod's builders and the contract's patchOf make
        // values and touch nothing else. Without this a page that reads one constant of a contract module
        // (a status's title) carries the module's schemas and all of zod (issue 29, item 3).
        manualPureFunctions: ['z', 'patchOf'],
        moduleSideEffects: [
          { test: /\/src\/features\//, sideEffects: false },
          { test: /\/packages\/contract\/src\//, sideEffects: false },
        ],
      },
    },
  },
}));
