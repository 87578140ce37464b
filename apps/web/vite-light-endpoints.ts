import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const ENDPOINTS_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]([\w-]+)\.endpoints\.ts$/;

/**
 * In the browser's build, each `*.endpoints.ts` of the contract becomes its endpoints' method, path and
 * upload marker only. The browser calls an endpoint by these (lib/api-client.ts) and never reads its
 * schemas, yet the declarations build every zod schema when imported: about 30 KB gzip of zod and
 * schemas on a public page that calls two endpoints (issue 29, item 3). Types still come from the
 * full declarations, so every call stays checked against the contract.
 *
 * The declarations are read from the contract's build (`packages/contract/dist`), which `npm run build`
 * makes before the web app's. The server rendering build keeps the full declarations.
 */
export function lightEndpoints(): Plugin {
  const contractDist = path.resolve(import.meta.dirname, '../../packages/contract/dist');
  return {
    name: 'light-endpoints',
    apply: 'build',
    async load(id, options) {
      const match = ENDPOINTS_SOURCE.exec(id);
      if (!match || options?.ssr) return null;
      const builtFile = path.join(contractDist, `${match[1]}.endpoints.js`);
      // A build older than its source would give the browser yesterday's paths: refuse rather than guess.
      if (!fs.existsSync(builtFile) || fs.statSync(builtFile).mtimeMs < fs.statSync(id).mtimeMs) {
        throw new Error(
          `light-endpoints: ${builtFile} is missing or older than ${id}: build the contract first (npm run build -w packages/contract)`,
        );
      }
      const built = (await import(pathToFileURL(builtFile).href)) as Record<string, unknown>;
      const lines = Object.entries(built).map(([name, group]) => `export const ${name} = ${JSON.stringify(lightGroup(name, group))};`);
      return lines.join('\n');
    },
  };
}

type CallShape = { method: string; path: string; file?: unknown };

function lightGroup(name: string, group: unknown): Record<string, CallShape> {
  if (!group || typeof group !== 'object') throw new Error(`light-endpoints: ${name} is not a group of endpoints`);
  return Object.fromEntries(
    Object.entries(group as Record<string, CallShape>).map(([key, def]) => {
      if (typeof def?.method !== 'string' || typeof def.path !== 'string')
        throw new Error(`light-endpoints: ${name}.${key} is not an endpoint`);
      return [key, { method: def.method, path: def.path, ...(def.file ? { file: def.file } : {}) }];
    }),
  );
}
