import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas and browsable at /api/docs. */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Вместе — API магазина совместных покупок',
        version: '0.1.0',
        description:
          'Все ответы об ошибках имеют вид `{ statusCode, error, message }`, где `message` — текст для пользователя на русском языке.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Токен сессии из /api/auth/signin' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // The reference page boots from an inline script; only this page gets the looser policy.
    docs.addHook('onSend', async (_request, reply) => {
      reply.header(
        'content-security-policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
      );
    });
    // No fonts from the vendor's CDN: the page works offline and the policy stays 'self'.
    await docs.register(scalar, { routePrefix: '/api/docs', configuration: { title: 'Вместе API', withDefaultFonts: false } });
  });
});
