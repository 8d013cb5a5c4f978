import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetails, ErrorIssue } from '#shared/errors';
import { messages } from '#shared/messages';
import { unavailabilityCause } from '../../db/unavailable.ts';
import { AppError, StorageUnreachableError } from '../errors.ts';
import { logRequest } from '../logger.ts';
import { answerStarted, cutOff, requestFacts, unansweredRequestClosing } from './slow-clients.ts';

interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetails };
}

/** The HTTP status of each error code: the one place statuses are chosen. */
const statusOfCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  TOKEN_EXPIRED: 400,
  TOKEN_INVALID: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  ALREADY_CONFIRMED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const httpStatusOf = (code: ErrorCode): number => statusOfCode[code];

/** The code of an HTTP status an outside library or Fastify answered with. */
export const codeForStatus = (status: number): ErrorCode => {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 416:
      return 'RANGE_NOT_SATISFIABLE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
};

/** Fastify's own client errors, reworded for people reading the common error shape. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
  FST_ERR_BAD_URL: 'The address is not valid: it contains a malformed percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

/** PostgreSQL errors caused by the request's content, not by the server (SQLSTATE codes). */
const contentErrors: Record<string, string> = {
  '22021': 'Text may not contain NUL characters',
  '22P05': 'Text contains a character that cannot be stored',
  '22001': 'A value is too long',
  '22003': 'A number is out of range',
};

/** The SQLSTATE of a database error, also when a query builder wraps it (`cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Seconds a client waits before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (unavailabilityCause(error)) {
    return {
      status: 503,
      body: {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: messages.service.temporarilyUnavailable,
          details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
        },
      },
    };
  }
  const state = sqlState(error);
  if (state && contentErrors[state]) {
    // A safety net: schemas should refuse these first.
    return {
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', message: contentErrors[state] } },
    };
  }
  if (error instanceof AppError) {
    return {
      status: httpStatusOf(error.code),
      body: { error: { code: error.code, message: error.message, details: error.details } },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: ErrorIssue[] = error.validation.map((issue) => ({
      path: issue.instancePath,
      message: issue.message ?? 'Invalid value',
    }));
    return {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          // The first problem is the message ('Story title is required', 'Chapter 2 title is
          // required'…), so a form can show it as it is; every problem stays in the details.
          message: issues[0]?.message ?? 'The request is not valid',
          details: { context: error.validationContext, issues },
        },
      },
    };
  }
  const fastifyError = error as Partial<FastifyError> & { status?: number };
  const status = fastifyError.statusCode ?? fastifyError.status ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      (fastifyError.code && fastifyMessages[fastifyError.code]) ??
      fastifyError.message ??
      'Bad request';
    return { status, body: { error: { code: codeForStatus(status), message } } };
  }
  return {
    status: 500,
    body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' } },
  };
}

/**
 * The database is down: one warning per request naming only the root cause's code and message
 * (a wrapping "Failed query" error carries the query's parameters, which can be session tokens).
 */
function answerDatabaseUnavailable(
  cause: Error,
  request: FastifyRequest,
  reply: FastifyReply,
  body: ErrorBody,
) {
  const { code } = cause as { code?: unknown };
  request.log.warn(
    { database: { code: typeof code === 'string' ? code : undefined, message: cause.message } },
    'database unavailable',
  );
  return reply.status(503).header('Retry-After', retryAfterHeader(503, body)).send(body);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error);
    // A body that stopped arriving fails with the socket's own error (ECONNRESET, "aborted"),
    // which must not read as the database's. Nobody is left to answer; the send is a formality.
    const ended = cutOff(request);
    if (ended) {
      if (ended === 'client')
        request.log.info(requestFacts(request), 'request aborted by the client');
      return reply.status(status).send(body);
    }
    const unavailable = unavailabilityCause(error);
    if (unavailable) return answerDatabaseUnavailable(unavailable, request, reply, body);
    if (error instanceof StorageUnreachableError) {
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
      request.log.warn({ storage: { message: cause } }, 'storage unreachable');
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ code: body.error.code, status }, 'request refused');
    const retryAfter = retryAfterHeader(status, body);
    if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
    return reply.status(status).send(body);
  });
}

/**
 * A rate-limited answer (429), or a service that will be back (503: the file storage), says when
 * to try again in its details (for people, and for the client's own message); HTTP clients and
 * proxies read `Retry-After`, in whole seconds, rounded up so a client that waits exactly that
 * long is let through.
 */
export function retryAfterHeader(status: number, body: ErrorBody): string | undefined {
  const seconds = body.error.details?.retryAfterSeconds;
  if (status !== 429 && status !== 503) return undefined;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return undefined;
  return String(Math.max(1, Math.ceil(seconds)));
}

/**
 * Fastify's `frameworkErrors` option: errors Fastify answers before any route or hook runs (an
 * address with broken percent-encoding, an over-long parameter). Without it Fastify writes its
 * own body; with it they get the common shape like every other error.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed before routing');
  else request.log.debug({ code: body.error.code, status }, 'request refused before routing');
  const sent = reply.status(status).header('X-Content-Type-Options', 'nosniff').send(body);
  // Fastify runs no onResponse hook for these: the request's one log line is written here.
  logRequest(request, reply);
  return sent;
}

/** What the HTTP parser refused, and how we answer it (statuses as Node's own handler). */
function clientErrorResponse(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: 'The request headers or the address are too long' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, message: 'The request took too long to arrive' };
  }
  return { status: 400, message: 'The request could not be read' };
}

/**
 * The log line of a request the parser gave up on: past REQUEST_TIMEOUT_MS (the request it was,
 * when it had reached the app), or a client that closed its connection in the middle of a
 * request (debug: the request's own line says it was aborted), or a malformed one.
 */
function logClientError(
  app: FastifyInstance,
  code: string | undefined,
  status: number,
  socket: Socket,
) {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const request = unansweredRequestClosing(socket);
    const facts = request ? requestFacts(request) : {};
    (request?.log ?? app.log).info({ ...facts, status }, 'request timed out: connection closed');
  } else if (code === 'HPE_INVALID_EOF_STATE') {
    app.log.debug({ code }, 'connection closed in the middle of a request');
  } else {
    app.log.info({ code, status }, 'request refused by the HTTP parser');
  }
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses (headers or address
 * over the size limit, broken request lines) never become Fastify requests, so the answer is
 * written on the socket by hand, in the common shape.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  // A reset connection has nobody left to answer (Node's documentation for 'clientError').
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorResponse(error.code);
  logClientError(this, error.code, status, socket);
  const body = JSON.stringify({ error: { code: codeForStatus(status), message } });
  // An answer already begun on this connection cannot be followed by another.
  if (socket.writable && !answerStarted(socket)) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
