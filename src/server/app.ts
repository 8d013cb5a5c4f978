import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { createMailer, createServices, type AppContext, type RouteContext } from './app-context.ts';
import type { AppConfig } from './config/env.ts';
import { fastifyTrustProxy } from './config/trusted-proxies.ts';
import type { DatabaseConnection } from './db/client.ts';
import { registerClientApp } from './lib/http/client-app.ts';
import { registerSlowClientGuards, serverTimeoutOptions } from './lib/http/slow-clients.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './lib/http/error-handler.ts';
import { contentSecurityPolicy, registerSecurity } from './lib/http/security.ts';
import { webAppManifest } from '#shared/offline/web-app-manifest';
import { siteIdentity } from '#shared/site-identity';
import { isAdminPath } from '#shared/discover/tracking';
import { loggerOptions, registerRequestLog } from './lib/logger.ts';
import { createMetrics } from './lib/metrics/metrics.ts';
import { registerMetrics } from './lib/metrics/metrics-endpoint.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';
import { registerNulGuard } from './lib/http/nul-guard.ts';
import { registerAccountStamp } from './lib/http/account-stamp.ts';
import { declareErrorAnswers } from './lib/http/route-scope.ts';
import { loadServerRender } from './lib/http/server-render.ts';
import { anonymousViewer, type Viewer } from './lib/viewer.ts';
import { adminScope } from './modules/admin/admin-scope.ts';
import { hasSessionCookie } from './modules/auth/auth-instance.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { devMailboxAvailability } from './modules/dev-mailbox/dev-mailbox-access.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { learnerScope } from './modules/learner/learner-scope.ts';
import { translateRoutes } from './modules/translate/translate.routes.ts';
import { createPageRenderer } from './modules/site/page-renderer.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { siteImageCspAdditions } from './modules/site/site-image-csp.ts';
import { trackingCspAdditions } from './modules/site/tracking-csp.ts';
import { clientLogRoutes } from './modules/client-log/client-log.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { storiesRoutes } from './modules/stories/stories.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyInstance {
    /** The app's services, for start-up tasks and scripts (routes get them as plugin options). */
    context: AppContext;
  }
}

export interface AppDependencies {
  database: DatabaseConnection;
  storage: ObjectStorage;
  /** Defaults to SMTP when SMTP_URL is set, otherwise the development mailbox. */
  mailer?: Mailer;
  /** The process's logger (index.ts, lib/logger.ts); without it the app makes one (tests). */
  logger?: FastifyBaseLogger;
}

/** JSON bodies are small; uploads declare their own limits on their routes. */
const JSON_BODY_LIMIT = 256 * 1024;
/** The largest file any route accepts (audio, spec: 100 MB); each route sets its own lower limit. */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Builds the whole HTTP application. It never listens: index.ts does, tests use `inject`. */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: loggerOptions(config.logLevel) }),
    // One line per request instead of Fastify's two (lib/logger.ts registerRequestLog).
    logController: new Fastify.LogController({ disableRequestLogging: true }),
    // While closing, requests on open connections are still served (with Connection: close,
    // below) rather than refused with a 503 outside the common error shape.
    return503OnClosing: false,
    // Clients that stall or trickle (lib/http/slow-clients.ts, decision 061): the whole request
    // within REQUEST_TIMEOUT_MS, and no connection kept quiet by its client past
    // CONNECTION_IDLE_TIMEOUT_MS.
    ...serverTimeoutOptions(config.http),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Errors answered before a route runs use the common error shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestLog(app);
  registerSlowClientGuards(app, config.http.idleTimeoutMs);

  const { authSecret } = config;
  if (!authSecret) throw new Error('buildApp needs config.authSecret (see runtime.ts)');
  // Metrics read the services only when scraped (lib/metrics, decision 031).
  const metrics = createMetrics({
    pool: deps.database.pool,
    openProgressStreams: () => services.progressEvents.openStreams(),
    jobCounts: () => services.jobs.queue.countByStatus(),
  });
  registerMetrics(app, metrics, { ...config.metrics, host: config.host });
  const mailer = metrics.countingMailer(
    deps.mailer ?? createMailer(config, deps.database, app.log),
  );
  const shutdownTasks = new Set<() => void>();
  const services = createServices({
    config: { ...config, authSecret },
    database: deps.database,
    storage: deps.storage,
    mailer,
    log: app.log,
  });
  const context: AppContext = {
    config,
    database: deps.database,
    storage: deps.storage,
    mailer,
    services,
    onShutdown(task) {
      shutdownTasks.add(task);
      return () => shutdownTasks.delete(task);
    },
  };
  const routeContext: RouteContext = {
    services,
    config,
    storage: deps.storage,
    onShutdown: context.onShutdown,
  };
  // Live streams never end by themselves: close them first, or closing the server would wait.
  app.addHook('preClose', async () => {
    // Readiness fails first (index.ts does it earlier still, before its drain delay).
    context.services.health.beginShutdown();
    for (const task of shutdownTasks) task();
    shutdownTasks.clear();
    await context.services.progressEvents.stop();
  });

  // Background jobs run once the server is up (tests start the worker themselves); on close the
  // worker lets a quick job finish and puts a long one back in the queue (lib/jobs/job-worker.ts).
  app.addHook('onListen', async () => {
    await context.services.jobs.worker.start();
  });
  app.addHook('onClose', async () => {
    await context.services.jobs.worker.stop();
    // After the worker: a job's last translation may still have been running.
    context.services.translate.stop();
  });

  // Change notices (decision 025): every instance, listening or not, drops its cached settings,
  // tags and story list when any instance announces a change.
  app.addHook('onReady', async () => {
    await context.services.changes.start();
  });
  app.addHook('onClose', async () => {
    await context.services.changes.stop();
  });

  app.decorate('context', context);
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // A shutting-down instance answers, then closes the connection: the client's next request
    // opens a new one, which the load balancer sends to another instance.
    if (context.services.health.shuttingDown) reply.header('Connection', 'close');
    request.viewer = anonymousViewer;
    // Only API calls carrying our session cookie cost a session lookup.
    if (!request.url.startsWith('/api/') || !hasSessionCookie(request.headers.cookie)) return;
    request.viewer = await context.services.auth.resolveViewer(request.headers.cookie);
  });

  registerNulGuard(app);
  registerAccountStamp(app);

  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    csrfExemptPrefixes: ['/api/payments/webhooks/'],
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 },
  });

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
      // A route that validates an input may refuse it: 400 in the common shape, for every route.
      declareErrorAnswers(api);
      await api.register(healthRoutes, routeContext);
      await api.register(storiesRoutes, routeContext);
      await api.register(filesRoutes, routeContext);
      await api.register(clientLogRoutes, routeContext);
      await api.register(authRoutes, routeContext);
      await api.register(learnerScope, routeContext);
      await api.register(adminScope, routeContext);
      await api.register(translateRoutes, routeContext);
      await api.register(paymentsRoutes, routeContext);
      await api.register(siteRoutes, routeContext);
    },
    { prefix: '/api' },
  );

  // Whether the development mailbox is served, why, and where, is said at every start: its
  // address holds the token that opens it (decision 060).
  const mailbox = devMailboxAvailability(config, mailer.kind);
  if (mailbox.enabled) {
    // Read once the app is ready, and never fatal: an instance whose database does not answer
    // yet still starts (and answers 503), as it does without a mailbox.
    app.addHook('onReady', async () => {
      try {
        const address = `${config.publicUrl}/dev/mailbox/${await services.devMailbox.token()}`;
        app.log.info(`development mailbox on (${mailbox.reason}): ${address}`);
      } catch {
        app.log.warn(
          `development mailbox on (${mailbox.reason}): its address could not be read, the database did not answer`,
        );
      }
    });
    await app.register(devMailboxRoutes, routeContext);
  } else {
    app.log.info(`development mailbox off: ${mailbox.reason}`);
  }
  await registerClientApp(app, {
    clientDir: config.clientDir,
    renderPage: createPageRenderer({
      services,
      publicUrl: config.publicUrl,
      serverRender: await loadServerRender(config.serverRenderEntry),
      log: app.log,
    }),
    webAppManifest: async () =>
      webAppManifest(
        siteIdentity((await context.services.site.getSettings().catch(() => undefined))?.values),
      ),
    pagePolicy: async (pathName) => {
      const { site } = context.services;
      const images = siteImageCspAdditions(await site.getSettings().catch(() => undefined));
      // Tracking never runs on admin pages (spec), so their policy admits none of it.
      if (isAdminPath(pathName)) return contentSecurityPolicy(images);
      const tracking = trackingCspAdditions(await site.getTrackingTags().catch(() => []));
      return contentSecurityPolicy({
        ...tracking,
        'img-src': [...(tracking['img-src'] ?? []), ...(images['img-src'] ?? [])],
      });
    },
  });
  return app;
}
