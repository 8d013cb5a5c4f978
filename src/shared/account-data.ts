/*
 * What Relatos keeps about a learner, where, and what deleting the account or signing out does
 * with each (decision 062). The one home of these words: the privacy page and the profile's
 * Delete Account show them. Each kind listed as removed from the server has its check in
 * tests/api/account-deletion.test.ts (a kind added here without one fails the typecheck).
 */

/** What Delete Account removes from the server, for good. */
export const removedWithAccount = {
  account: 'Your account: email address, name, password and sessions',
  profile: 'Your profile picture and preferences',
  progress: 'Your place in each chapter and the chapters you completed',
  listening: 'Your listening sessions (the time you spent listening to each chapter)',
  bookmarks: 'Your bookmarks and their notes',
  savedItems: 'Your saved words and sentences, with their review cards',
  reviewHistory: 'Your review history (every answer you gave) and your review settings',
  practice: 'Your practice answers (each exercise you answered and whether it was right)',
  placement: 'Your placement (the starting level and the words it counts as known)',
  learned: 'The words you learned and your achievements',
  membership: 'Your lifetime supporter status',
} as const;
export type RemovedWithAccount = keyof typeof removedWithAccount;

/** What the server keeps after the account is deleted, and why. */
export const keptAfterDeletion = [
  'Payment records (amount, currency, date and status), no longer linked to you.',
  'The security log of sign-ins and other security-relevant actions (time, IP address and browser; for failed sign-ins and password-reset requests, the email address typed), no longer linked to your account, to protect the service.',
  'Messages you sent through the contact form, with the name and email address you gave: ask us through the contact form to delete them.',
] as const;

/** What the app keeps in the browser of each device it is used on. */
export const keptOnDevice = [
  'Chapters you download for offline listening: their audio, transcript, story details and cover, listed on the Downloads page, where you can remove them.',
  'The pages and answers you saw last (such as your progress, bookmarks and saved words), so the app works without a connection.',
  'Changes you make while offline (progress, time listened, bookmarks, saved words, review answers and practice answers), until the server has them.',
] as const;

/** What signing out removes from the device, and what it leaves. */
export const onSignOut =
  'When you sign out, the app removes from this device the downloads of stories that need an account and the pages and answers you saw. Downloads of open stories stay for anyone using this browser, and changes not sent yet wait until you sign in again.';

/** What deleting the account removes from the device it is deleted on, and from the others. */
export const deviceOnDeletion =
  'When you delete your account, the app removes from this device everything above that belongs to it: every chapter downloaded with your account, the pages and answers you saw and the changes not sent yet. On your other devices, downloads of stories that need an account and the pages and answers you saw go the next time the app opens online; downloads of open stories stay until you remove them on the Downloads page, and changes not sent yet stay there unsent.';
