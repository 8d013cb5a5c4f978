import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';

/** onRequest hook: a signed-in user is required (401 otherwise), before the body is read. */
export async function requireUser(request: FastifyRequest) {
  if (!request.viewer.userId) throw unauthorized();
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
