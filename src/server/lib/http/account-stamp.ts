import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_STAMP_HEADER, ANONYMOUS_STAMP } from '#shared/offline/account-stamp';

/**
 * The opaque tag of an account in answers (src/shared/offline/account-stamp.ts): the service
 * worker only compares tags, so it carries a digest rather than the account's id.
 */
export function accountStamp(userId: string | null): string {
  if (userId === null) return ANONYMOUS_STAMP;
  return createHash('sha256').update(`relatos-account:${userId}`).digest('base64url').slice(0, 22);
}

/**
 * Every API answer to a GET says which account it was made for (pages say it themselves, from the
 * session they were rendered with: client-app.ts).
 */
export function registerAccountStamp(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/api/')) return;
    reply.header(ACCOUNT_STAMP_HEADER, accountStamp(request.viewer.userId));
  });
}
