import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import type { SignedInViewer } from '../viewer.ts';

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

/** The request's viewer, who must be signed in (401 otherwise). */
export function signedInViewer(request: FastifyRequest): SignedInViewer {
  return { ...request.viewer, userId: signedInUserId(request) };
}
