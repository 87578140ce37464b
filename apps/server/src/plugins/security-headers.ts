import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * The policy is the one the web app passes: scripts and styles from our own origin only, inline
 * style attributes (Mantine sets them), images also from data: and blob: (previews of uploads), and
 * the error-reporting service when it is configured.
 */
export function securityHeaderOptions(config: Config): FastifyHelmetOptions {
  const connectSrc = ["'self'"];
  const dsn = config.publicSettings.sentryDsn;
  if (dsn) connectSrc.push(new URL(dsn).origin);
  return {
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
        // The admin sees a PDF receipt in a frame, loaded as a blob with the admin's token.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The shop is served over plain HTTP in the embedded setup; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  };
}

/**
 * The headers @fastify/helmet adds with these options, found once by running it on a throwaway
 * instance beside one without it. They never change from one answer to the next, while the plugin
 * rebuilds helmet (parsing the whole policy) on every request: a tenth of the CPU of a signed-in
 * GET /api/users/my (bench/hot-path.bench.test.ts).
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  async function headersOf(withHelmet: boolean) {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => ({}));
    const { headers } = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return headers;
  }
  const [plain, withHelmet] = await Promise.all([headersOf(false), headersOf(true)]);
  const added = Object.entries(withHelmet).filter(([name, value]) => value !== undefined && plain[name] !== value);
  return Object.fromEntries(added.map(([name, value]) => [name, String(value)]));
}

/**
 * Security headers for every answer (API, files, errors, not found), set when the request arrives so
 * that a route may still replace one (the API reference page loosens its own policy).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const headers = await helmetHeaders(securityHeaderOptions(opts.config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
