import type { IncomingMessage, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env.ts';

/**
 * Clients that stall, trickle or go away (decision 061). Node's HTTP server gives the pieces:
 * `requestTimeout` (the whole request, headers and body, must arrive within it; Node then answers
 * 408 through clientErrorHandler) and the socket's idle timeout (Fastify's `connectionTimeout`),
 * which by itself would close any connection quiet for that long, one whose request the server is
 * still working on, or a live stream between two events, included. The 'timeout' listener below
 * closes a connection only when the client is the one keeping it quiet: its request's body
 * stalled, it stopped reading the answer, or it sent no request at all.
 */

/** Node's own bound for a request's headers, kept below the whole request's. */
const HEADERS_TIMEOUT_MS = 60_000;
/** How often Node compares open requests with their deadlines (its default is 30 s). */
const DEADLINE_CHECK_INTERVAL_MS = 1000;

/**
 * Fastify's server options for these timeouts. Node reads `requestTimeout` and `headersTimeout`
 * when the server is created (Fastify sets `requestTimeout` only afterwards) and, measured on
 * Node 20, a request is not cut before the larger of the two: the headers' bound is therefore never
 * above the whole request's.
 */
export function serverTimeoutOptions(timeouts: AppConfig['http']) {
  const { requestTimeoutMs, idleTimeoutMs, keepAliveTimeoutMs } = timeouts;
  const http: ServerOptions = {
    requestTimeout: requestTimeoutMs,
    headersTimeout:
      requestTimeoutMs > 0 ? Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs) : HEADERS_TIMEOUT_MS,
    connectionsCheckingInterval: DEADLINE_CHECK_INTERVAL_MS,
  };
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: idleTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http,
  };
}

interface Exchange {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The exchange each connection carries now (set when a request arrives, cleared when answered). */
const exchangeOn = new WeakMap<Socket, Exchange>();
/** Requests whose connection this server closed: their end is logged where that was decided. */
const closedByServer = new WeakSet<IncomingMessage>();

/** What the log says about a request: its route pattern, never its address (it can hold tokens). */
export const requestFacts = (request: FastifyRequest) => ({
  method: request.method,
  route: request.routeOptions.url ?? null,
});

/**
 * The request on this connection, when its answer has not begun: Node's requestTimeout closes the
 * connection and clientErrorHandler may still answer 408. Marks it as closed by the server.
 */
export function unansweredRequestClosing(socket: Socket): FastifyRequest | undefined {
  const exchange = exchangeOn.get(socket);
  if (!exchange) return undefined;
  closedByServer.add(exchange.request.raw);
  return exchange.reply.raw.headersSent ? undefined : exchange.request;
}

/** Whether an answer has begun on this connection (then no other may be written on it). */
export const answerStarted = (socket: Socket) =>
  exchangeOn.get(socket)?.reply.raw.headersSent === true;

/**
 * Who ended the request's connection before its body had all arrived: the client (it broke off)
 * or this server (it stalled or took too long); undefined when it arrived whole.
 */
export function cutOff(request: FastifyRequest): 'client' | 'server' | undefined {
  const { raw } = request;
  if (raw.complete || !(raw.destroyed || raw.readableAborted)) return undefined;
  return closedByServer.has(raw) ? 'server' : 'client';
}

export function registerSlowClientGuards(app: FastifyInstance, idleTimeoutMs: number) {
  app.addHook('onRequest', async (request, reply) => {
    exchangeOn.set(request.raw.socket, { request, reply });
  });
  app.addHook('onResponse', async (request) => {
    if (exchangeOn.get(request.raw.socket)?.request === request) {
      exchangeOn.delete(request.raw.socket);
    }
  });

  // A connection was quiet for connectionTimeout. With a listener here Node closes nothing by
  // itself: each case is decided below. Node's timer starts again with the next byte either way.
  app.server.on('timeout', (socket: Socket) => {
    const exchange = exchangeOn.get(socket);
    if (exchange) {
      const { request } = exchange;
      const facts = { ...requestFacts(request), idleMs: idleTimeoutMs };
      if (!request.raw.complete) {
        closedByServer.add(request.raw);
        request.log.info(facts, 'request body stalled: connection closed');
      } else if (socket.writableLength > 0) {
        // Written bytes wait for the client (Node already waits while it takes them slowly).
        request.log.info(facts, 'client stopped reading the answer: connection closed');
      } else {
        // The whole request is here and nothing waits to be taken: the server is working on it,
        // or a live stream has nothing to say between two events. The client is not to blame.
        return;
      }
    }
    socket.destroy();
  });
}
