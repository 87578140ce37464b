import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * Security headers for every answer. The policy is the one the web app passes: scripts and styles
 * from our own origin only, inline style attributes (Mantine sets them), images also from data: and
 * blob: (previews of uploads), and the error-reporting service when it is configured.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const connectSrc = ["'self'"];
  const dsn = opts.config.publicSettings.sentryDsn;
  if (dsn) connectSrc.push(new URL(dsn).origin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The shop is served over plain HTTP in the embedded setup; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
});
