import { API_PREFIX } from '@backoffice/shared/contract';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { globalPlugin } from './plugin.ts';

/**
 * OpenAPI 3 document generated from the contract's zod schemas, served at GET /api/openapi.json. Other
 * teams generate clients from it: each operation's operationId is its route's name in the catalogue
 * (plugins/route.ts), and test/openapi.test.ts lints it with Redocly's recommended rules (api/redocly.yaml).
 */
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
      // Relative: the origin that serves this document (the API itself, or the console that proxies
      // /api to it). Every path carries the /api prefix, so it is not the server's base path here.
      servers: [{ url: '/', description: 'The origin serving this document' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The release CLI's token (OPS_TOKEN): the release routes only.
          opsToken: { type: 'apiKey', in: 'header', name: 'X-Ops-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      withoutEmptyAnyOf('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});

/**
 * `z.unknown().nullable()` (the audit record's before/after/details) comes out as
 * `anyOf: [{}, { type: 'null' }]`: the empty schema already allows null, so the anyOf says nothing and
 * generators choke on it. It becomes the empty schema (any JSON value), in place.
 */
function withoutEmptyAnyOf<T>(node: T): T {
  if (Array.isArray(node)) for (const item of node) withoutEmptyAnyOf(item);
  else if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>;
    const anyOf = obj.anyOf;
    if (Array.isArray(anyOf) && anyOf.some(isEmptySchema)) delete obj.anyOf;
    for (const value of Object.values(obj)) withoutEmptyAnyOf(value);
  }
  return node;
}

const isEmptySchema = (s: unknown): boolean =>
  !!s && typeof s === 'object' && !Array.isArray(s) && Object.keys(s).length === 0;
