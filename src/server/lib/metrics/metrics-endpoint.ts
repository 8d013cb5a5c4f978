import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { messages } from '#shared/messages';
import { AppError } from '../errors.ts';
import { toErrorResponse } from '../http/error-handler.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsExposure {
  /** METRICS_TOKEN: scrapers send `Authorization: Bearer <token>`. */
  token?: string;
  /** METRICS_PORT: /metrics on a port of its own instead of the app's. */
  port?: number;
  /** The address the metrics port binds (the app's HOST). */
  host: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

const tokenRequired = () => new AppError('UNAUTHORIZED', messages.service.metricsTokenRequired);

/**
 * Times every request and exposes the metrics (decision 031): with METRICS_PORT on a port of its
 * own (the token, if set, is required there too), otherwise with METRICS_TOKEN on the app's port;
 * with neither, /metrics does not exist. Call on the root instance, so the hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, exposure: MetricsExposure) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      // The route's pattern (`/api/stories/:slug`); undefined for requests no route answered.
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });

  const { token, port } = exposure;
  if (port !== undefined) {
    servePortOfItsOwn(app, metrics, { ...exposure, port });
  } else if (token !== undefined) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!carriesToken(request.headers.authorization, token)) throw tokenRequired();
      const { contentType, body } = await metrics.exposition();
      return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
    });
  }
  app.addHook('onListen', async () => {
    app.log.info(
      port !== undefined
        ? { metricsPort: port, token: token !== undefined }
        : { metricsPath: token !== undefined ? METRICS_PATH : null },
      port !== undefined || token !== undefined
        ? 'metrics served'
        : 'metrics off (set METRICS_TOKEN or METRICS_PORT to serve /metrics)',
    );
  });
}

/** A plain HTTP server answering only GET /metrics; it opens and closes with the app. */
function servePortOfItsOwn(
  app: FastifyInstance,
  metrics: Metrics,
  { token, port, host }: MetricsExposure & { port: number },
) {
  const server = http.createServer((request, response) => {
    const answer = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    const answerError = (error: unknown) => {
      const { status, body } = toErrorResponse(error);
      answer(status, 'application/json; charset=utf-8', JSON.stringify(body));
    };
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      answerError(new AppError('NOT_FOUND', 'Not found'));
      return;
    }
    if (token !== undefined && !carriesToken(request.headers.authorization, token)) {
      answerError(tokenRequired());
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => answer(200, contentType, body),
      (error: unknown) => {
        app.log.warn({ err: error }, 'metrics scrape failed');
        answerError(error);
      },
    );
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
