/**
 * `GET {prefix}/docs/json` (the OpenAPI document) and `{prefix}/docs` (Swagger UI, served from
 * the package, no CDN). Register inside the API scope after collecting its routes.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const registerApiDocs = async (api: FastifyInstance, document: () => Record<string, unknown>): Promise<void> => {
  await api.register(swagger, { mode: 'static', specification: { document: document() as never } });
  await api.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: true },
    staticCSP: true,
  });
};
