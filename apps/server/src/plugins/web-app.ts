import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../shared/app-error.js';
import { compressedBody, type PageData, serverRenderer } from './server-render.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Unhashed files beside index.html (the favicon, a script named in index.html): short-lived. */
const UNHASHED_MAX_AGE_SECONDS = 5 * 60;
/** Written by the web build (apps/web/src/config/route-titles.ts): every route's path and title. */
const ROUTE_TITLES_FILE = 'route-titles.json';

type RouteTitle = { path: string; title: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The title of the route a path opens (`/order/:id` matches `/order/42`), `*`'s when none does. */
function titleMatcher(titles: RouteTitle[]): (pathname: string) => string | null {
  const fallback = titles.find((t) => t.path === '*')?.title ?? null;
  const patterns = titles
    .filter((t) => t.path !== '*')
    .map((t) => ({
      pattern: new RegExp(`^${t.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`),
      title: t.title,
    }));
  return (pathname) => patterns.find((p) => p.pattern.test(pathname))?.title ?? fallback;
}

/**
 * index.html with the opened page's title, so the title is there before any script runs; read again
 * when the build changes, and each variant made once.
 */
function htmlPages(distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  let builtAt = -1;
  let template = '';
  let titleOf: (pathname: string) => string | null = () => null;
  let variants = new Map<string, { body: string; etag: string }>();
  return (pathname: string) => {
    const mtime = fs.statSync(indexPath).mtimeMs;
    if (mtime !== builtAt) {
      builtAt = mtime;
      template = fs.readFileSync(indexPath, 'utf8');
      const titlesPath = path.join(distDir, ROUTE_TITLES_FILE);
      titleOf = fs.existsSync(titlesPath) ? titleMatcher(JSON.parse(fs.readFileSync(titlesPath, 'utf8')) as RouteTitle[]) : () => null;
      variants = new Map();
    }
    const title = titleOf(pathname);
    const key = title ?? '';
    let variant = variants.get(key);
    if (!variant) {
      const body = title ? template.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`) : template;
      variant = { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
      variants.set(key, variant);
    }
    return variant;
  };
}

/**
 * Serves the built single-page app. Hashed assets never change under the same name, so they are
 * cached for a year; the HTML is revalidated on every visit (no-cache with an ETag: a 304 when
 * unchanged), so a new release is picked up at once; the few unhashed files live five minutes. Any
 * path that is neither /api nor a file gets index.html with that route's title, and the app's router
 * decides (including its 404 page); the public pages come rendered by the server (server-render.ts).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string; pageData: PageData }) => {
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (!hasBuild) app.log.warn({ distDir: opts.distDir }, 'web app is not built: run npm run build');
  const htmlOf = htmlPages(opts.distDir);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      wildcard: false,
      // .br and .gz siblings made at build time go out by Accept-Encoding, with no work per request.
      preCompressed: true,
      // Cache-Control is ours alone (setHeaders below); the library's own would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(opts.distDir, 'assets') + path.sep);
        const isHtml = filePath.endsWith('.html');
        res.setHeader(
          'cache-control',
          isHashedAsset
            ? `public, max-age=${YEAR_SECONDS}, immutable`
            : isHtml
              ? 'no-cache'
              : `public, max-age=${UNHASHED_MAX_AGE_SECONDS}`,
        );
      },
    });
  }

  const renderPage = serverRenderer({ distDir: opts.distDir, data: opts.pageData, log: app.log });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: messages.noSuchAddress,
      });
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain; charset=utf-8').send('Веб-приложение не собрано: выполните npm run build');
    }
    const shell = htmlOf(pathname);
    // The public pages come rendered (decision 036); any other page, or one that failed, is the shell.
    const rendered = await renderPage(request.url, shell.body);
    const page = rendered ?? shell;
    reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    reply.type('text/html; charset=utf-8');
    const compressed = rendered && compressedBody(rendered, request.headers['accept-encoding']);
    if (compressed) return reply.header('content-encoding', compressed.encoding).send(compressed.body);
    return reply.send(page.body);
  });
});
