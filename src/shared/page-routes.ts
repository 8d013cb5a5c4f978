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
  /** Exercises made from a chapter's audio (issue 25, decision 066). */
  practice: '/practice/:chapterId',
  demo: '/demo',
  auth: '/auth',
  onboarding: '/onboarding',
  /** Placement, after sign-up or from the profile (decision 071). */
  placement: '/placement',
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
  /** A chapter's comprehension questions, after it is heard (decision 069). */
  comprehension: '/questions/:chapterId',
  /** The admin area routes its own pages (and its own not-found page) below this. */
  admin: '/admin/*',
} as const;

/** The heading and document title of the not-found page, on the server and in the browser. */
export const NOT_FOUND_PAGE_TITLE = 'Page Not Found';

/**
 * The address as react-router reads it before matching: each segment percent-decoded (so
 * `/%61dmin` is `/admin`), an encoded slash kept encoded; a malformed segment leaves the address
 * as it came.
 */
function decodePathAsRouter(pathName: string): string {
  try {
    return pathName
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathName;
  }
}

const escapeForRegExp = (text: string) => text.replace(/[\\.*+^${}|()[\]?]/g, '\\$&');

/**
 * The regular expression react-router 7 compiles from a route pattern (its `compilePath`, for the
 * kinds this list uses: fixed segments, `:name` segments, a trailing `/*`): case-insensitive,
 * any number of `/` at the end.
 */
function compilePattern(pattern: string): RegExp {
  const splat = pattern.endsWith('/*');
  const fixed = splat ? pattern.slice(0, -2) : pattern;
  const source = fixed
    .replace(/\/+$/, '')
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '/([^\\/]+)' : `/${escapeForRegExp(segment)}`))
    .join('');
  return new RegExp(`^${source || '/'}${splat ? '(?:\\/(.+)|\\/*)$' : '\\/*$'}`, 'i');
}

const compiled = new Map<string, RegExp>();

/** Whether `pattern` matches `pathName` exactly as react-router matches the browser's address. */
function matches(pattern: string, pathName: string): boolean {
  let regExp = compiled.get(pattern);
  if (!regExp) compiled.set(pattern, (regExp = compilePattern(pattern)));
  return regExp.test(decodePathAsRouter(pathName));
}

/** Whether a client route shows `pathName` (anything else is the not-found page). */
export const isKnownPagePath = (pathName: string): boolean =>
  Object.values(PAGE_PATHS).some((pattern) => matches(pattern, pathName));

/**
 * Whether `pathName` shows the admin area: the one rule the router (its admin route is
 * `PAGE_PATHS.admin`), the server (page policy without tracking) and the service worker share,
 * so `/ADMIN/users`, `/Admin` and `/%61dmin` are admin pages everywhere (decision 052).
 */
export const isAdminPath = (pathName: string): boolean => matches(PAGE_PATHS.admin, pathName);
