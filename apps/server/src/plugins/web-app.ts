import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../shared/app-error.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built single-page app. Hashed assets never change under the same name, so they are
 * cached for a year; index.html is never cached so a new release is picked up at once. Any path that
 * is neither /api nor a file gets index.html and the app's router decides (including its 404 page).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (!hasBuild) app.log.warn({ distDir: opts.distDir }, 'web app is not built: run npm run build');

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
        res.setHeader('cache-control', isHashedAsset ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-store');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
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
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').sendFile('index.html');
  });
});
