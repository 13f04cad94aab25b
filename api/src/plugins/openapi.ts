import { API_PREFIX } from '@backoffice/shared/contract';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { globalPlugin } from './plugin.ts';

/** OpenAPI 3 document generated from the contract's zod schemas, served at GET /api/openapi.json. */
export const openapiPlugin = globalPlugin('openapi', async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back-office admin API',
        version: '1.0.0',
        description:
          'Every answer is { success, message, data? }. State-changing /api/admin calls need the X-XSRF-TOKEN ' +
          'header equal to the XSRF-TOKEN cookie (GET /api/health sets it).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The release CLI's token (OPS_TOKEN): the release routes only.
          opsToken: { type: 'apiKey', in: 'header', name: 'X-Ops-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});
