// The web app's entry budget: the JavaScript that index.html loads before any route chunk (its module
// scripts, their module preloads and classic scripts) must stay within 150 KiB gzip. The entry is what
// every page needs — React, the router, the guards, the session, the app shell (the UI kit's provider,
// the query cache) and the public layout (decision 037) — and nothing more: the personal and staff
// areas, the UI kit's widgets and the contract's schemas come only with the pages that use them.
// `npm test` runs it right after the build.
// What a browser fetches in all before a public page is usable (the route's chunks, the CSS, the
// number of requests) is measured from a real load by e2e/tests/first-load-budget.spec.ts.
// Usage: node scripts/check-entry-size.mjs [dist dir, apps/web/dist by default]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const ENTRY_JS_BUDGET_BYTES = 150 * 1024;

/**
 * The local files index.html loads at once, in its order: scripts (module or classic), module
 * preloads and style sheets. URLs are as written in the page (`/assets/index-….js`).
 */
export function entryAssets(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const found = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script');
    const url = (isScript ? /\bsrc="([^"]+)"/ : /\bhref="([^"]+)"/).exec(tag)?.[1];
    if (!url || /^(https?:)?\/\//.test(url)) continue;
    if (isScript || /\brel="modulepreload"/.test(tag)) found.push({ url, kind: 'js' });
    else if (/\brel="stylesheet"/.test(tag)) found.push({ url, kind: 'css' });
  }
  return found;
}

/** Bytes after gzip at the level the build's precompressed .gz files use (scripts/precompress.mjs). */
export function gzipSize(data) {
  return zlib.gzipSync(data, { level: 9 }).length;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.error(`check-entry-size: ${path.join(distDir, 'index.html')} is missing — build the web app first (npm run build -w apps/web)`);
    process.exit(1);
  }
  const scripts = entryAssets(distDir)
    .filter((asset) => asset.kind === 'js')
    .map(({ url }) => {
      const data = fs.readFileSync(path.join(distDir, url.replace(/^\//, '').replace(/[?#].*$/, '')));
      return { url, raw: data.length, gzip: gzipSize(data) };
    });
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const lines = scripts.map((s) => `  ${s.url}  ${kib(s.raw)} raw, ${kib(s.gzip)} gzip`);
  const summary = `entry JavaScript: ${scripts.length} files, ${kib(total)} gzip (budget ${kib(ENTRY_JS_BUDGET_BYTES)})`;
  if (total > ENTRY_JS_BUDGET_BYTES) {
    console.error(
      `${summary} — over budget by ${kib(total - ENTRY_JS_BUDGET_BYTES)}:\n${lines.join('\n')}\n` +
        'Something the first page does not need reached the entry: load it lazily where it is used (see apps/web/README.md).',
    );
    process.exit(1);
  }
  console.log(`${summary}\n${lines.join('\n')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
