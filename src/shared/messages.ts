/**
 * The catalogue of user-facing texts that more than one layer shows or sends (spec wording kept
 * exactly). A text the server answers with and a form also shows is written here once; texts used
 * by one screen only stay next to that screen.
 */
export const messages = {
  form: {
    fillAllFields: 'Please fill in all fields',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    passwordsDoNotMatch: 'Passwords do not match',
  },
  auth: {
    invalidCredentials: 'Invalid email or password',
    loginRequiredTitle: 'Login required',
    signInToListen: 'Please sign in to access this story',
    passwordResetRateLimited: 'Please wait before requesting another password reset',
    signUpRateLimited: 'Too many sign-up attempts. Please try again later.',
    invalidResetLink: 'Invalid Reset Link',
    confirmationExpired: 'Confirmation Link Expired',
    confirmationFailed: 'Confirmation Failed',
    /** A confirmation link opened again after it confirmed its account. */
    alreadyConfirmed: 'Your email is already confirmed',
  },
  service: {
    /** A 503 while the database cannot be reached: the client retries, nobody is signed out. */
    temporarilyUnavailable: 'Relatos is briefly unavailable. Please try again in a moment.',
    /** /metrics without the bearer token of METRICS_TOKEN. */
    metricsTokenRequired: 'A valid metrics token is required',
  },
  translation: {
    /**
     * Beside a translation or gloss a machine made that no person has reviewed: the popup, the
     * transcript, review cards, My words, exported cards (decision 043).
     */
    machine: 'Machine translation',
    /** Beside the story's own text that a person wrote or approved. */
    story: 'From the story',
  },
  stories: {
    storyNotFound: 'Story not found',
    chapterNotFound: 'Chapter not found',
    transcriptUnavailable: 'Transcript unavailable',
    transcriptUnreachable:
      "This chapter's text cannot be loaded right now. Please try again in a moment.",
    noAudioYet: 'This chapter has no audio yet',
  },
} as const;
