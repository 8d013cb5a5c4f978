import { messages } from '#shared/messages';
import { toast } from '#client/lib/toast';

/**
 * Tells a visitor that what they opened needs an account (spec: 'Login required'). A module of
 * its own: the listen links of the first page load use it, the sign-in redirect of the player
 * and the reader (lazy routes) does too.
 */
export const explainLoginRequired = () =>
  toast.error(messages.auth.loginRequiredTitle, { description: messages.auth.signInToListen });
