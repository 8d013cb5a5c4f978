import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';

/** preHandler: a signed-in user is required (401 otherwise). */
export async function requireUser(request: FastifyRequest) {
  if (!request.viewer.userId) throw unauthorized();
}

/** preHandler: an administrator is required (401 for visitors, 403 for everyone else). */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.viewer.userId) throw unauthorized();
  if (request.viewer.role !== 'admin') throw forbidden();
}

export function signedInUserId(request: FastifyRequest): string {
  const userId = request.viewer.userId;
  if (!userId) throw unauthorized();
  return userId;
}
