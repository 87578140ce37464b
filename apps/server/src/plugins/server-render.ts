import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** The kinds of page the web app's server build renders (apps/web/src/lib/server-rendered.ts). */
type PageKind = 'main' | 'order' | 'document' | 'signin' | 'paymentResult' | 'cabinet';

/**
 * What the server-rendered pages read, as the API would answer it (the endpoint's response encoded
 * by its schema): the composition root (app.ts) reads it from the areas' services.
 */
export type PageData = {
  publicSettings(): Promise<unknown>;
  covers(): Promise<unknown>;
  /** Throws a 404 AppError or a ZodError for an order that is not there. */
  orderByLink(id: string): Promise<unknown>;
};

/** What apps/web/src/entry-server.tsx exports, as this side uses it. */
type ServerEntry = {
  render(
    url: string,
    data: PageData,
  ): Promise<{
    kind: PageKind;
    html: string;
    state: unknown;
  } | null>;
  /** The page an address opens and the address it is rendered and kept by (tracking parameters dropped). */
  renderedAddressOf(url: string): { kind: PageKind; address: string } | null;
  modulesOf: Record<PageKind, string[]>;
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/**
 * A rendered page as sent: the HTML as bytes (encoded once, not per answer) and its ETag; the
 * compressed bodies are made on first demand.
 */
export type RenderedPage = { body: Buffer; etag: string; compressed: Map<'br' | 'gzip', Buffer> };

/**
 * How long a rendered page is served to every guest before it is rendered again: the main page and
 * an order change with the data (a few seconds late is what any visitor with the page open sees
 * anyway), the documents only with a new build. A popular link renders once per interval, not per visit.
 */
const FRESH_MS: Record<PageKind, number> = {
  main: 5_000,
  order: 5_000,
  document: Number.POSITIVE_INFINITY,
  signin: Number.POSITIVE_INFINITY,
  // Its address carries the payment's id: one render per payer, kept only for a reload.
  paymentResult: 5_000,
  // The frame of a signed-in page, the same for everyone.
  cabinet: Number.POSITIVE_INFINITY,
};
const FAILED_RETRY_MS = 5_000;
const BUILD_CHECK_MS = 1_000;
/** Enough for every order link being opened at once in a busy hour; the oldest goes first. */
const MAX_CACHED_PAGES = 1_000;

/** The built server module beside the web build: `vite build --ssr` writes it to apps/web/dist-ssr/. */
export function serverEntryPathOf(distDir: string): string {
  return path.resolve(distDir, '../dist-ssr/entry-server.js');
}

const escapeJsonForHtml = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The head's links for a page's lazy modules, from the build's manifest: their CSS, so the page is
 * styled before any script runs. Their chunks are not preloaded: the scripts start after the page
 * has loaded (`withScriptsAfterLoad`). What the entry itself loads is in index.html already.
 */
function headLinksOf(manifest: Record<string, ManifestChunk>, sources: string[]): string {
  const entryKeys = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entryKeys);
  const pageKeys = new Set<string>();
  for (const source of sources) walk(source, pageKeys);
  const css = new Set<string>();
  for (const key of pageKeys) {
    if (entryKeys.has(key)) continue;
    for (const file of manifest[key]!.css ?? []) css.add(file);
  }
  return [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
}

/**
 * A rendered page is read before any script runs, so its scripts (hydration) start only once the page
 * has loaded (`hydrate-after-load.js`, beside index.html): its style sheets and the pictures in view
 * come first. Started at once, some fifty module requests shared six HTTP/1.1 connections and a slow
 * link with them, and the first paint waited about 3 s on Lighthouse's slow 4G instead of about 1.1 s
 * (decision 036). The entry's own preloads go too: the entry fetches them when it runs.
 */
const AFTER_LOAD_SCRIPT = '/hydrate-after-load.js';
const withScriptsAfterLoad = (html: string) =>
  html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      `<script defer src="${AFTER_LOAD_SCRIPT}" data-entry="$1"></script>`,
    );

/**
 * Renders the public pages on the server (decision 036) with the web app's server build and `data`,
 * read from the same services the API answers from and encoded by the same response schemas, so the
 * page's query cache holds exactly what the API would have sent. Keeps each rendered page for a
 * few seconds. Without a server build, or when rendering fails, it answers null and the caller sends
 * the client-only page: a rendering problem never costs a visitor the page.
 */
export function serverRenderer({ distDir, data, log }: { distDir: string; data: PageData; log: FastifyBaseLogger }) {
  const entryPath = serverEntryPathOf(distDir);
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const indexPath = path.join(distDir, 'index.html');
  /** The loaded build's files' times; null until one is loaded. */
  let builtAt: string | null = null;
  let checkedAt = -Infinity;
  let entry: Promise<ServerEntry | null> = Promise.resolve(null);
  const headLinks: Partial<Record<PageKind, string>> = {};
  let cache = new Map<string, { freshUntil: number; page: Promise<RenderedPage | null> }>();

  /**
   * The server build, loaded once: its chunks import each other by plain file URLs, so a second copy
   * (a cache-busting query) would split its modules, the query cache's context among them. A build
   * written after it was loaded would render markup the new browser code does not match, so the
   * pages are sent client-only until the restart that a deploy does anyway.
   */
  function currentEntry(): Promise<ServerEntry | null> {
    // Looked at once a second, not per request.
    const now = Date.now();
    if (now - checkedAt < BUILD_CHECK_MS) return entry;
    checkedAt = now;
    // Either half of the build written again (the browser's alone, say) ends the pair that was loaded.
    const entryMtime = fs.statSync(entryPath, { throwIfNoEntry: false })?.mtimeMs;
    const stamp = entryMtime === undefined ? null : `${entryMtime}:${fs.statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs}`;
    if (stamp === builtAt) return entry;
    if (builtAt !== null) {
      log.warn({ entryPath }, 'the web app was built again: the public pages are client-rendered until the server restarts');
      builtAt = stamp;
      cache = new Map();
      return (entry = Promise.resolve(null));
    }
    if (stamp === null) return entry;
    builtAt = stamp;
    entry = import(pathToFileURL(entryPath).href).then(
      (module: ServerEntry) => {
        const manifest = fs.existsSync(manifestPath)
          ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
          : {};
        for (const kind of Object.keys(module.modulesOf) as PageKind[]) {
          // A module renamed or merged into the entry would leave its page unstyled until the scripts run.
          const unknown = module.modulesOf[kind].filter((source) => !manifest[source]);
          if (unknown.length > 0) log.warn({ kind, unknown }, 'server rendering: modules missing from the build manifest');
          headLinks[kind] = headLinksOf(manifest, module.modulesOf[kind]);
        }
        return module;
      },
      (error: unknown) => {
        log.error({ err: error, entryPath }, 'server rendering is off: its build does not load');
        return null;
      },
    );
    return entry;
  }

  async function renderNow(server: ServerEntry, url: string, shell: string): Promise<RenderedPage | null> {
    try {
      const rendered = await server.render(`http://shop${url}`, data);
      if (!rendered) return null;
      const state = escapeJsonForHtml(JSON.stringify(rendered.state));
      const body = withScriptsAfterLoad(shell)
        .replace('<html lang="ru">', '<html lang="ru" data-mantine-color-scheme="light">')
        .replace('</head>', `${headLinks[rendered.kind] ?? ''}</head>`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root">${rendered.html}</div><script type="application/json" id="server-state">${state}</script>`,
        );
      return {
        body: Buffer.from(body),
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        compressed: new Map(),
      };
    } catch (error) {
      // A missing order is the page's own message (the browser shows it); anything else is worth a look.
      const isNotFound = (error as { statusCode?: number }).statusCode === 404 || error instanceof z.ZodError;
      if (isNotFound) log.debug({ url }, 'server rendering: no such page data, the browser renders it');
      else log.warn({ err: error, url }, 'server rendering failed: the client-only page is sent');
      return null;
    }
  }

  /**
   * The rendered page for an address (path and query), built into `shell` (index.html with the
   * page's title), or null when the browser is to render it alone.
   */
  return async function renderPage(url: string, shell: string): Promise<RenderedPage | null> {
    const server = await currentEntry();
    if (!server) return null;
    const now = Date.now();
    const cached = cache.get(url);
    if (cached && cached.freshUntil > now) return cached.page;
    const opened = server.renderedAddressOf(url);
    if (!opened) return null;
    // Addresses that differ only in what the page does not read (`?utm_source=…`, `?yclid=…`) share
    // one render, kept under the address without them: a new value per click adds nothing to the cache.
    const shared = opened.address === url ? undefined : cache.get(opened.address);
    if (shared && shared.freshUntil > now) return shared.page;
    // Concurrent visitors of the same address share one render: the promise is cached, not its result.
    const page = renderNow(server, opened.address, shell);
    const entry = { freshUntil: now + FRESH_MS[opened.kind], page };
    cache.delete(opened.address);
    cache.set(opened.address, entry);
    // A page that could not be rendered (a missing order, a database hiccup) is tried again soon, even a document.
    void page.then((rendered) => {
      if (!rendered) entry.freshUntil = Math.min(entry.freshUntil, Date.now() + FAILED_RETRY_MS);
    });
    if (cache.size > MAX_CACHED_PAGES) cache.delete(cache.keys().next().value!);
    return page;
  };
}

/** The page's body in the encoding the browser takes (brotli or gzip), compressed once per rendered page. */
export function compressedBody(page: RenderedPage, acceptEncoding: string | undefined): { encoding: 'br' | 'gzip'; body: Buffer } | null {
  const encoding = /\bbr\b/.test(acceptEncoding ?? '') ? 'br' : /\bgzip\b/.test(acceptEncoding ?? '') ? 'gzip' : null;
  if (!encoding) return null;
  let body = page.compressed.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(page.body, { level: 6 });
    page.compressed.set(encoding, body);
  }
  return { encoding, body };
}
