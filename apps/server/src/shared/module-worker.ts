import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module at `moduleUrl` (the compiled `.js` beside the caller). From the
 * build that file exists and runs as it is. From the sources (tsx, vitest) only its `.ts` does: Node 20
 * gives a worker neither the parent's loader hooks nor `--import tsx` from `execArgv`, so a small
 * bootstrap registers tsx inside the worker and imports the `.ts`, resolving the contract to its
 * sources as the tests do (condition `source`).
 */
export function startModuleWorker(moduleUrl: URL, options: WorkerOptions = {}): Worker {
  if (existsSync(fileURLToPath(moduleUrl))) return new Worker(moduleUrl, options);
  const source = new URL(moduleUrl.href.replace(/\.js$/, '.ts'));
  if (!existsSync(fileURLToPath(source))) throw new Error(`no worker module at ${moduleUrl.href}`);
  // tsx's CommonJS entry of this API registers a path that does not exist; its ESM twin sits beside it.
  const tsxApi = pathToFileURL(createRequire(source).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), {
    ...options,
    execArgv: [...(options.execArgv ?? []), '--conditions=source'],
  });
}
