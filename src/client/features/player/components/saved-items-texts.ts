import { toast } from 'sonner';
import { rateLimitedMessageOr } from '#client/lib/api-client';

export const savedTexts = {
  savedLine: 'Line saved to My words',
  alreadySaved: 'Already in My words',
  saveFailed: 'Could not save. Please try again.',
  signInToSave: 'Sign in to save words to My words',
} as const;

/** A refused save: the server's words for a rate limit, else a general message. */
export const saveFailed = (error: unknown) =>
  toast.error(rateLimitedMessageOr(error, savedTexts.saveFailed));
