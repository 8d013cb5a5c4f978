import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { devMailboxMessages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const MESSAGE_LIMIT = 50;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const messageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});

/**
 * The development mailbox: registered only when no SMTP_URL is set and never in production, and
 * answered only to clients on this machine (the socket's own address, never X-Forwarded-For).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw notFound();
    reply.header('Cache-Control', 'no-store');
  });

  const latest = () =>
    context.database.db
      .select()
      .from(devMailboxMessages)
      .orderBy(desc(devMailboxMessages.createdAt))
      .limit(MESSAGE_LIMIT);

  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages kept by the development mailbox (loopback only)',
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async () => ({
      messages: (await latest()).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    }),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await latest();
    const items = messages
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>
<pre>${linkify(escapeHtml(m.text))}</pre></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development mailbox — Relatos</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}
.meta{color:#555;font-size:.9rem}</style></head>
<body><main><h1>Development mailbox</h1>
<p>Mail the server would have sent (newest first). Set SMTP_URL to send real mail.</p>
${items || '<p>No messages yet.</p>'}</main></body></html>`);
  });
};
