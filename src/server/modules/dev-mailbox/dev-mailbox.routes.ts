import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { isDirectLocalRequest } from './dev-mailbox-access.ts';
import { renderDevMailboxPage } from './dev-mailbox-page.ts';

const messageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});

/**
 * The development mailbox: registered only when devMailboxAvailability allows it (app.ts), and
 * answered only to direct requests from this machine: anything a proxy forwarded gets a 404.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { devMailbox } = services;
  app.addHook('onRequest', async (request, reply) => {
    const direct = isDirectLocalRequest({
      remoteAddress: request.socket.remoteAddress,
      httpVersion: request.raw.httpVersion,
      headers: request.headers,
    });
    if (!direct) throw notFound();
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages kept by the development mailbox (loopback only)',
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async () => ({ messages: await devMailbox.latest() }),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDevMailboxPage(await devMailbox.latest())),
  );
};
