import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-context.ts';
import { requireNamedWriter, requireUser } from '../../lib/http/guards.ts';
import { answerNoStore, declareErrorAnswers } from '../../lib/http/route-scope.ts';
import { bookmarksRoutes } from '../bookmarks/bookmarks.routes.ts';
import { historyRoutesPlugin } from '../history/history.routes.ts';
import { meRoutes } from '../me/me.routes.ts';
import { placementRoutesPlugin } from '../placement/placement.routes.ts';
import { practiceRoutesPlugin } from '../practice/practice.routes.ts';
import { progressRoutes } from '../progress/progress.routes.ts';
import { reviewRoutesPlugin } from '../review/review.routes.ts';
import { savedItemsRoutes } from '../saved-items/saved-items.routes.ts';

/**
 * The route plugins of what a signed-in learner keeps: profile, progress, their own lists,
 * their exercise answers and their placement.
 */
const learnerScreens = [
  meRoutes,
  progressRoutes,
  bookmarksRoutes,
  savedItemsRoutes,
  reviewRoutesPlugin,
  practiceRoutesPlugin,
  historyRoutesPlugin,
  placementRoutesPlugin,
];

/**
 * The learner scope: these routes answer only a signed-in user (one `requireUser` onRequest
 * hook: 401 before the body is read; a write naming another account than the session's is
 * refused the same way, decision 076), their answers are the user's own and never stored
 * (`no-store`), and their schemas declare the 401 (and 400 where they validate) once, here.
 */
export const learnerScope: FastifyPluginAsyncZod<RouteContext> = async (app, context) => {
  app.addHook('onRequest', requireUser);
  app.addHook('onRequest', requireNamedWriter);
  answerNoStore(app);
  declareErrorAnswers(app, [401]);
  for (const screen of learnerScreens) await app.register(screen, context);
};
