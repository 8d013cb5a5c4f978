import type { FastifyRequest } from 'fastify';
import type { Actor } from '../actor.ts';
import { signedInUserId } from './guards.ts';
import { requestOrigin } from './request-meta.ts';

/** The signed-in user behind a request and where it came from (401 when nobody is signed in). */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: signedInUserId(request),
  origin: requestOrigin(request),
});
