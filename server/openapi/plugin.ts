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
    // Swagger UI writes root-absolute asset URLs for `/docs` (no trailing slash) from routePrefix
    // alone; without the scope's prefix they would point at `/docs/static/...`, outside the API.
    indexPrefix: api.prefix,
    uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: true },
    staticCSP: true,
  });
};
