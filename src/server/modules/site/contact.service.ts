import type { ContactBody } from '#shared/contracts/site';
import { messages } from '#shared/messages';
import { sanitizeText } from '#shared/sanitize';
import { isValidEmail } from '#shared/validation/account-rules';
import type { RequestOrigin } from '../../lib/actor.ts';
import { rateLimited, validationError } from '../../lib/errors.ts';
import { addressIdentifier, rateLimitRules, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { ContactRepository } from './contact.repository.ts';

export const contactMessages = {
  rateLimited: 'You have sent several messages already. Please try again later.',
} as const;

/** The contact form: a checked, sanitised message kept as feedback, 5 per hour per address. */
export function createContactService(deps: { contact: ContactRepository; limiter: RateLimiter }) {
  const { contact, limiter } = deps;

  return {
    async send(input: ContactBody, sender: { userId: string | null; origin: RequestOrigin }) {
      if (!isValidEmail(input.email)) throw validationError(messages.form.emailInvalid);
      const clean = {
        name: sanitizeText(input.name, 255),
        subject: sanitizeText(input.subject, 200),
        message: sanitizeText(input.message),
      };
      if (!clean.name || !clean.subject || !clean.message) {
        throw validationError(messages.form.fillAllFields);
      }
      const verdict = await limiter.hit(
        rateLimitRules.contact,
        addressIdentifier(sender.origin),
        sender.origin,
      );
      if (!verdict.allowed) {
        throw rateLimited(contactMessages.rateLimited, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      await contact.insertFeedback({
        ...clean,
        email: input.email,
        category: input.category,
        userId: sender.userId,
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
