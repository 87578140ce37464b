import { ordersEndpoints, purchasesEndpoints, systemEndpoints } from '@vmeste/contract';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { compressionPlugin } from './plugins/compression.js';
import { metricsPlugin } from './plugins/metrics.js';
import { answerClientError, answerError, errorHandlerPlugin } from './plugins/error-handler.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import type { PageData } from './plugins/server-render.js';
import { webAppPlugin } from './plugins/web-app.js';
import { AppError } from './shared/app-error.js';
import { logSerializers } from './shared/loggable-error.js';
import type { FileStorage } from './integrations/storage/file-storage.js';
import { openFileStorage } from './integrations/storage/select-file-storage.js';
import { type Areas, createAreas } from './areas.js';
import { publicSettingsOf } from './areas/system/index.js';
import { createJobRunner, type JobRunner } from './jobs/job-runner.js';
import { registerEndpointRoutes } from './http/endpoint-routes.js';
import { loggableUrl } from './http/loggable-url.js';
import { telegramEmulatorPages } from './integrations/telegram/emulator/telegram-emulator-pages.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    areas: Areas;
    jobs: JobRunner;
    storage: FileStorage;
  }
}

export type BuildOptions = {
  /** An already open database (tests share one across apps); otherwise one is opened from config. */
  database?: Database;
  logger?: boolean;
  /** Where the log's JSON lines go instead of the console (a test reads them). */
  logStream?: { write(line: string): void };
};

/** JSON lines for log collectors; readable lines when a person watches the console. */
function loggerOptions(config: Config, stream: BuildOptions['logStream']) {
  if (stream) return { level: config.logLevel, serializers: logSerializers, stream };
  if (!process.stdout.isTTY) return { level: config.logLevel, serializers: logSerializers };
  return {
    level: config.logLevel,
    serializers: logSerializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' } },
  };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * What the server-rendered public pages read (plugins/server-render.ts, decision 036): what their
 * endpoints answer, from the same services, encoded by the same response schemas.
 */
function pageDataOf(areas: Areas, config: Config): PageData {
  return {
    publicSettings: async () => z.encode(systemEndpoints.publicSettings.response, publicSettingsOf(config)),
    covers: async () => z.encode(purchasesEndpoints.covers.response, await areas.purchases.service.covers()),
    orderByLink: async (id) => {
      const params = ordersEndpoints.getByLink.params.parse({ id });
      return z.encode(ordersEndpoints.getByLink.response, await areas.orders.service.getPublic(params.id));
    },
  };
}

/** Assembles the whole app without listening, so tests drive it through `inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    // One line per request, written when the answer is sent (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // A request on a connection accepted before the stop is finished, not answered 503: nginx never
    // repeats a POST elsewhere, so a 503 there would reach the client during a rolling restart.
    return503OnClosing: false,
    // A hop count is believed as proxy-addr does (the nearest `n` addresses); Fastify's types take it as a function.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: 'x-request-id',
    // A bad path (broken percent-encoding, a parameter over the length limit) and a request Node's
    // parser refuses are answered like every other error: Russian, without repeating the input.
    frameworkErrors: answerError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // Hooks on every request take a callback rather than being async: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: loggableUrl(request), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  // The API speaks JSON (and multipart where a route says so); a text body is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !options.database;
  app.decorate('config', config);
  app.decorate('database', database);
  const storage = openFileStorage(config, database);
  if (config.files.s3OffReason) app.log.warn(config.files.s3OffReason);
  app.decorate('storage', storage);
  const areas = createAreas({ database, config, log: app.log, storage });
  app.decorate('areas', areas);
  const jobs = createJobRunner({ db: database.db, log: app.log });
  for (const job of areas.jobs) jobs.register(job);
  app.decorate('jobs', jobs);
  if (config.jobs.isEnabled) {
    app.addHook('onReady', async () => {
      jobs.start(config.jobs.pollSeconds);
      await areas.startBackground();
    });
  }
  // Jobs stop before the database closes, so no run is cut off mid-transaction by the shutdown (and a
  // turn cut at the stop's limit is released while the database is still open). onClose hooks run
  // last-added first, so the database's is added first.
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  app.addHook('onClose', () => areas.close());
  app.addHook('onClose', () => jobs.stop());

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(metricsPlugin, {
    database,
    allow: config.metricsAllow,
    readBacklog: async () => ({ jobs: await jobs.states(), waiting: await areas.waiting() }),
  });
  await app.register(apiDocsPlugin);
  // Files are read one at a time within each route's own size limit (see shared/uploaded-file.ts).
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 20 * 1024 * 1024 } });
  // Only routes that declare multipart take files; a JSON route sent a form gets 415, not a confusing 400.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart() && !request.routeOptions.schema?.consumes?.includes('multipart/form-data')) {
      return done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Неподдерживаемый формат данных запроса'));
    }
    done();
  });

  await app.register(
    (api) =>
      registerEndpointRoutes(api, areas.routes, { authenticate: areas.accounts.authenticate, includeDevOnly: config.env !== 'production' }),
    { prefix: '/api' },
  );

  // Without a bot token, outside production, the built-in Telegram's chat page lets a person on this
  // machine play the user (the pages answer loopback connections only). A production start has none.
  const telegramEmulator = areas.telegram.connection.isEmulated && !config.isProduction ? await areas.telegram.connection.emulator() : null;
  if (telegramEmulator) {
    await app.register(
      async (pages) => {
        // A page for people, not a part of the API: kept out of the OpenAPI document.
        pages.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, hide: true };
        });
        await pages.register(telegramEmulatorPages, { emulator: telegramEmulator, shopName: 'Вместе' });
      },
      { prefix: '/telegram-emulator' },
    );
  }

  await app.register(webAppPlugin, { distDir: config.webDistDir, pageData: pageDataOf(areas, config) });
  return app;
}
