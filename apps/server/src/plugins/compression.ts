import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/**
 * API answers above 1 KB are compressed on the fly (brotli at a fast level, or gzip); small ones are
 * not, as the work would cost more than the bytes saved. The web app's files are compressed once at
 * build time (scripts/precompress.mjs) and served as they are (see web-app.ts).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
