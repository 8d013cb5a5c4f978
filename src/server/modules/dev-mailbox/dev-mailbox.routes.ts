import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { answerNoStore } from '../../lib/http/route-scope.ts';
import { renderDevMailboxPage } from './dev-mailbox-page.ts';

const messageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});

const paramsSchema = z.object({ token: z.string() });

/**
 * The development mailbox at /dev/mailbox/<token> (the page) and /dev/mailbox/<token>.json:
 * registered only when devMailboxAvailability allows it (app.ts), and answered only with the
 * token the start-up log prints; any other token gets the 404 of an address that does not exist
 * (decision 060).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { devMailbox } = services;
  app.addHook('onRequest', async (request, reply) => {
    const { token } = request.params as { token?: string };
    if (token === undefined || !(await devMailbox.opens(token))) throw notFound();
    // The address is the key: a link followed from a message must not carry it elsewhere.
    reply.header('Referrer-Policy', 'no-referrer');
  });
  answerNoStore(app);

  app.get(
    '/dev/mailbox/:token.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages kept by the development mailbox (its token is in the start-up log)',
        params: paramsSchema,
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async () => ({ messages: await devMailbox.latest() }),
  );

  app.get(
    '/dev/mailbox/:token',
    { schema: { hide: true, params: paramsSchema } },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(renderDevMailboxPage(await devMailbox.latest())),
  );
};
