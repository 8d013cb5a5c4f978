import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDonationBodySchema,
  createDonationResponseSchema,
  paymentServiceStatusParamsSchema,
  paymentServiceStatusResponseSchema,
  sandboxSessionParamsSchema,
  supportStatusResponseSchema,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
  webhookReceivedResponseSchema,
} from '#shared/contracts/support';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireUser, signedInUserId } from '../../lib/http/guards.ts';
import { answerNoStore } from '../../lib/http/route-scope.ts';
import { requestOrigin } from '../../lib/http/request-meta.ts';
import {
  renderCheckoutPage,
  renderCompletePage,
  renderExpiredPage,
  renderNotFoundPage,
  renderSignInPage,
} from './sandbox-page.ts';

/** Stripe's events are small; a generous limit for the raw webhook body all the same. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const tags = ['payments'];

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(html);

/**
 * /api/support/status and /api/payments/* (the admin's support switches are served by the admin
 * module). Nothing here may be cached: every answer depends on settings, the viewer or a payment's
 * state.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { services, config },
) => {
  const { payments } = services;
  const { publicUrl } = config;
  answerNoStore(app);

  app.get(
    '/support/status',
    {
      schema: {
        tags,
        summary: 'Whether the support section shows, its tiers and the wallet page',
        response: { 200: supportStatusResponseSchema },
      },
    },
    async () => payments.getStatus(),
  );

  app.get(
    '/payments/services/:serviceName/status',
    {
      schema: {
        tags,
        summary: "A payment service's switch (the spec's get_payment_service_status)",
        params: paymentServiceStatusParamsSchema,
        response: { 200: paymentServiceStatusResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => payments.getServiceStatus(request.params.serviceName),
  );

  app.post(
    '/payments/donations',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Start a donation: a pending payment and a checkout page to open in a new tab',
        body: createDonationBodySchema,
        response: {
          201: createDonationResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await payments.createDonation(
        signedInUserId(request),
        request.body,
        requestOrigin(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/payments/verify',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Verify a checkout session of yours; grants lifetime access once it is paid',
        body: verifyPaymentBodySchema,
        response: {
          200: verifyPaymentResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) =>
      payments.verify(signedInUserId(request), request.body.session_id, requestOrigin(request)),
  );

  // The webhook needs the exact bytes Stripe signed: JSON is left unparsed in this scope only.
  await app.register(async (scope) => {
    const webhooks = scope.withTypeProvider<ZodTypeProvider>();
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      '/payments/webhooks/stripe',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          summary: "Stripe's checkout events, authenticated by their signature",
          response: {
            200: webhookReceivedResponseSchema,
            400: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('Expected a JSON body');
        const signature = request.headers['stripe-signature'];
        return payments.handleStripeWebhook(
          request.body,
          typeof signature === 'string' ? signature : undefined,
          requestOrigin(request),
        );
      },
    );
  });

  const sandbox = payments.sandbox;
  if (sandbox) {
    // Plain HTML forms post here (same origin, so they pass the CSRF check); they carry no fields.
    await app.register(async (scope) => {
      const pages = scope.withTypeProvider<ZodTypeProvider>();
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, _body, done) => done(null, {}),
      );
      const pageSchema = (summary: string) => ({
        tags,
        summary,
        params: sandboxSessionParamsSchema,
        produces: ['text/html'],
      });
      const home = `${publicUrl}/`;
      const signIn = `${publicUrl}/auth`;

      pages.get(
        '/payments/sandbox/:sessionId',
        { schema: pageSchema('The built-in test checkout page (HTML; Stripe not configured)') },
        async (request, reply) => {
          const userId = request.viewer.userId;
          if (!userId) return sendHtml(reply, 401, renderSignInPage(signIn));
          const view = await sandbox.view(userId, request.params.sessionId);
          switch (view.state) {
            case 'not_found':
              return sendHtml(reply, 404, renderNotFoundPage(home));
            case 'complete':
              return sendHtml(reply, 200, renderCompletePage(view.successUrl));
            case 'expired':
              return sendHtml(reply, 200, renderExpiredPage(home));
            case 'open':
              return sendHtml(
                reply,
                200,
                renderCheckoutPage({
                  id: view.session.id,
                  description: view.session.description,
                  amountCents: view.session.amountTotal,
                  currency: view.session.currency,
                }),
              );
          }
        },
      );

      pages.post(
        '/payments/sandbox/:sessionId/confirm',
        {
          schema: pageSchema('Pay the test checkout, then go to the success page as Stripe would'),
        },
        async (request, reply) => {
          const userId = request.viewer.userId;
          if (!userId) return sendHtml(reply, 401, renderSignInPage(signIn));
          const result = await sandbox.confirm(
            userId,
            request.params.sessionId,
            requestOrigin(request),
          );
          if (result.outcome === 'not_found') return sendHtml(reply, 404, renderNotFoundPage(home));
          if (result.outcome === 'expired') return sendHtml(reply, 409, renderExpiredPage(home));
          return reply.redirect(result.redirectTo, 303);
        },
      );

      pages.post(
        '/payments/sandbox/:sessionId/cancel',
        { schema: pageSchema('Cancel the test checkout, then go back home as Stripe would') },
        async (request, reply) => {
          const userId = request.viewer.userId;
          if (!userId) return sendHtml(reply, 401, renderSignInPage(signIn));
          const result = await sandbox.cancel(
            userId,
            request.params.sessionId,
            requestOrigin(request),
          );
          if (result.outcome === 'not_found') return sendHtml(reply, 404, renderNotFoundPage(home));
          return reply.redirect(result.redirectTo, 303);
        },
      );
    });
  }
};
