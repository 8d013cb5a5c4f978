/**
 * The one list of the client's pages (react-router patterns: `:name` is one segment, a trailing
 * `/*` is everything below). src/client/app/routes.tsx declares its routes from it, and the
 * server answers any other address with the not-found page and status 404.
 */
export const PAGE_PATHS = {
  home: '/',
  library: '/library',
  reader: '/library/reader/:id',
  story: '/story/:slug',
  player: '/player/:chapterId',
  demo: '/demo',
  auth: '/auth',
  onboarding: '/onboarding',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailConfirmation: '/email-confirmation',
  profile: '/profile',
  thankYou: '/thank-you',
  supportSuccess: '/support-success',
  help: '/help',
  contact: '/contact',
  faq: '/faq',
  privacy: '/privacy',
  review: '/review',
  /** The learner's saved words and sentences (decision 035). */
  words: '/words',
  /** Chapters downloaded for offline listening (decision 040). */
  downloads: '/downloads',
  /** The admin area routes its own pages (and its own not-found page) below this. */
  admin: '/admin/*',
} as const;

/** The heading and document title of the not-found page, on the server and in the browser. */
export const NOT_FOUND_PAGE_TITLE = 'Page Not Found';

const segmentsOf = (pathName: string) => pathName.split('/').filter((segment) => segment !== '');

/** Whether `pattern` matches `pathName` as react-router matches it (case-insensitive, `/` optional at the end). */
function matches(pattern: string, pathName: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathName);
  const splat = wanted.at(-1) === '*';
  const fixed = splat ? wanted.slice(0, -1) : wanted;
  if (splat ? given.length < fixed.length : given.length !== fixed.length) return false;
  return fixed.every(
    (segment, index) =>
      segment.startsWith(':') || segment.toLowerCase() === given[index]!.toLowerCase(),
  );
}

/** Whether a client route shows `pathName` (anything else is the not-found page). */
export const isKnownPagePath = (pathName: string): boolean =>
  Object.values(PAGE_PATHS).some((pattern) => matches(pattern, pathName));
