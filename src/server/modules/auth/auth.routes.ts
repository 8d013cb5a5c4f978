import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAccountBodySchema,
  emailBodySchema,
  okResponseSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
  tokenBodySchema,
  tokenCheckResponseSchema,
  userResponseSchema,
} from '#shared/contracts/auth';
import { apiErrorSchema } from '#shared/errors';
import type { RouteContext } from '../../app-context.ts';
import { requireUser, signedInUserId } from '../../lib/http/guards.ts';
import { requestMeta, sendWithCookies } from '../../lib/http/request-meta.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export const authRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services }) => {
  const { auth } = services;
  const tags = ['auth'];

  app.post(
    '/auth/sign-up',
    {
      schema: {
        tags,
        summary: 'Create an account; a confirmation email follows',
        body: signUpBodySchema,
        response: { 201: signUpResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendWithCookies(reply, [], await auth.signUp(request.body, requestMeta(request)), 201),
  );

  app.post(
    '/auth/sign-in',
    {
      schema: {
        tags,
        summary:
          'Sign in with email and password (5 attempts per 15 minutes per email, or per email on a browser that signed in to it before; 30 per 15 minutes per client address)',
        body: signInBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { result, setCookies } = await auth.signIn(request.body, requestMeta(request));
      return sendWithCookies(reply, setCookies, { user: result });
    },
  );

  app.post(
    '/auth/sign-out',
    { schema: { tags, summary: 'End the session on the server', response: { 204: z.null() } } },
    async (request, reply) => {
      const { setCookies } = await auth.signOut(requestMeta(request));
      return sendWithCookies(reply, setCookies, null, 204);
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags,
        summary: 'The current session; extends it when it is close to expiry',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { result, setCookies } = await auth.getSession(requestMeta(request));
      return sendWithCookies(reply, setCookies, result);
    },
  );

  app.post(
    '/auth/confirm-email',
    {
      schema: {
        tags,
        summary: 'Use an email confirmation link (once, within 24 hours); signs the user in',
        body: tokenBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { result, setCookies } = await auth.confirmEmail(
        request.body.token,
        requestMeta(request),
      );
      return sendWithCookies(reply, setCookies, { user: result });
    },
  );

  app.post(
    '/auth/resend-confirmation',
    {
      schema: {
        tags,
        summary: 'Send the confirmation email again',
        body: emailBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => auth.resendConfirmation(request.body.email, requestMeta(request)),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (3 requests per 15 minutes per email)',
        body: emailBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => auth.forgotPassword(request.body.email, requestMeta(request)),
  );

  app.post(
    '/auth/reset-password/check',
    {
      schema: {
        tags,
        summary: 'Whether a reset link can still be used',
        body: tokenBodySchema,
        response: { 200: tokenCheckResponseSchema, ...errors },
      },
    },
    async (request) => auth.checkResetToken(request.body.token),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link (once, within 1 hour); ends all sessions',
        body: resetPasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) =>
      auth.resetPassword(request.body.token, request.body.newPassword, requestMeta(request)),
  );

  app.delete(
    '/account',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Delete the signed-in account (password required)',
        body: deleteAccountBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { setCookies } = await auth.deleteAccount(
        signedInUserId(request),
        request.body.password,
        requestMeta(request),
      );
      return sendWithCookies(reply, setCookies, null, 204);
    },
  );
};
