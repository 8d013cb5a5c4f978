/** Where a request came from, as the server sees it: for audit entries and rate limits. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * A signed-in person doing something: who (for access checks and the audit log) and from where.
 * Routes build it with `actorOf(request)` (lib/http/actor.ts); services never see the request.
 */
export interface Actor {
  userId: string;
  origin: RequestOrigin;
}
