import type { FastifyBaseLogger } from 'fastify';
import type { ClientLogEvent } from '#shared/contracts/client-log';

/** Client events go to the server log, beside the request that carried them. */
export function createClientLogService({ log }: { log: FastifyBaseLogger }) {
  return {
    record(event: ClientLogEvent, requestId: string) {
      const { kind, path, code, message } = event;
      log.warn(
        { reqId: requestId, clientEvent: kind, path, code, message },
        kind === 'not_found' ? 'client route not found (404)' : 'client error',
      );
    },
  };
}

export type ClientLogService = ReturnType<typeof createClientLogService>;
