import type { FastifyRequest } from 'fastify';
import { WRITER_ACCOUNT_HEADER } from '#shared/offline/account-stamp';
import { forbidden, unauthorized } from '../errors.ts';
import type { SignedInViewer } from '../viewer.ts';

/** onRequest hook: a signed-in user is required (401 otherwise), before the body is read. */
export async function requireUser(request: FastifyRequest) {
  if (!request.viewer.userId) throw unauthorized();
}

const writerHeader = WRITER_ACCOUNT_HEADER.toLowerCase();

/**
 * onRequest hook: a write that names the account it was made for (a learner's waiting change,
 * decision 076) is taken only from that account's session. Any other session is not signed in as
 * its writer: 401, which the learner-sync engine keeps the write for (lib/retry.ts). Requests that
 * name nobody (older clients, scripts) are unaffected.
 */
export async function requireNamedWriter(request: FastifyRequest) {
  const writer = request.headers[writerHeader];
  if (writer === undefined) return;
  if (writer !== request.viewer.userId)
    throw unauthorized(
      'This change was made by another account: sign in as that account to send it',
    );
}

/** onRequest hook: an administrator is required (401 visitors, 403 others), before the body is read. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.viewer.userId) throw unauthorized();
  if (request.viewer.role !== 'admin') throw forbidden();
}

export function signedInUserId(request: FastifyRequest): string {
  const userId = request.viewer.userId;
  if (!userId) throw unauthorized();
  return userId;
}

/** The request's viewer, who must be signed in (401 otherwise). */
export function signedInViewer(request: FastifyRequest): SignedInViewer {
  return { ...request.viewer, userId: signedInUserId(request) };
}
