import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-context.ts';
import { requireAdmin } from '../../lib/http/guards.ts';
import { answerNoStore, declareErrorAnswers } from '../../lib/http/route-scope.ts';
import { adminAuditRoutes } from '../admin-audit/admin-audit.routes.ts';
import { adminFilesRoutes } from '../admin-files/admin-files.routes.ts';
import { adminInboxRoutes } from '../admin-inbox/admin-inbox.routes.ts';
import { adminMigrationsRoutes } from '../admin-migrations/admin-migrations.routes.ts';
import { adminSettingsRoutes } from '../admin-settings/admin-settings.routes.ts';
import { adminStoriesRoutes } from '../admin-stories/admin-stories.routes.ts';
import { adminSupportersRoutes } from '../admin-supporters/admin-supporters.routes.ts';
import { adminTagsRoutes } from '../admin-tags/admin-tags.routes.ts';
import { adminUsersRoutes } from '../admin-users/admin-users.routes.ts';
import { storyPackagesRoutes } from '../story-packages/story-packages.routes.ts';
import { adminJobsRoutes } from '../studio/jobs.routes.ts';
import { studioRoutes } from '../studio/studio.routes.ts';
import { adminRoutes } from './admin.routes.ts';

/** The route plugins of the admin area, one per screen. */
const adminScreens = [
  adminRoutes,
  adminUsersRoutes,
  adminTagsRoutes,
  adminSupportersRoutes,
  adminSettingsRoutes,
  adminMigrationsRoutes,
  adminStoriesRoutes,
  storyPackagesRoutes,
  adminFilesRoutes,
  studioRoutes,
  adminJobsRoutes,
  adminInboxRoutes,
  adminAuditRoutes,
];

/**
 * The admin scope: every /api/admin route is registered inside this one encapsulated plugin,
 * behind one `requireAdmin` onRequest hook — 401 for visitors, 403 for other users, answered
 * before the body is read. A screen's plugin adds no guard of its own, no `no-store` (every
 * answer here has it unless its route chose its own Cache-Control) and no 401/403 schemas.
 */
export const adminScope: FastifyPluginAsyncZod<RouteContext> = async (app, context) => {
  app.addHook('onRequest', requireAdmin);
  answerNoStore(app);
  declareErrorAnswers(app, [401, 403]);
  for (const screen of adminScreens) await app.register(screen, context);
};
