import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createServices, type AppContext } from './app-context.ts';
import type { AppConfig } from './config/env.ts';
import type { DatabaseConnection } from './db/client.ts';
import { registerClientApp } from './lib/http/client-app.ts';
import { registerErrorHandler } from './lib/http/error-handler.ts';
import { registerSecurity } from './lib/http/security.ts';
import { loggerOptions } from './lib/logger.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';
import { anonymousViewer, type Viewer } from './lib/viewer.ts';
import { clientLogRoutes } from './modules/client-log/client-log.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { storiesRoutes } from './modules/stories/stories.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export interface AppDependencies {
  database: DatabaseConnection;
  storage: ObjectStorage;
}

/** JSON bodies are small; uploads declare their own limits on their routes. */
const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the whole HTTP application. It never listens: index.ts does, tests use `inject`. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const context: AppContext = {
    config,
    database: deps.database,
    storage: deps.storage,
    services: createServices(deps.database),
  };

  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    request.viewer = anonymousViewer;
  });

  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    csrfExemptPrefixes: ['/api/payments/webhooks/'],
  });
  await app.register(compress, { global: true, threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Relatos API',
        description: 'Learn Spanish by listening to stories: the HTTP API behind the web app.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { context });
      await api.register(storiesRoutes, { context });
      await api.register(filesRoutes, { context });
      await api.register(clientLogRoutes);
    },
    { prefix: '/api' },
  );

  await registerClientApp(app, { clientDir: config.clientDir });
  return app;
}
