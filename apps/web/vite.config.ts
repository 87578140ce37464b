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

export default defineConfig({
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
});
