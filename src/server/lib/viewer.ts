/** Who is asking: resolved once per request from the session cookie. */
export interface Viewer {
  userId: string | null;
  role: 'user' | 'admin' | 'moderator' | null;
}

export const anonymousViewer: Viewer = { userId: null, role: null };

export const isAdmin = (viewer: Viewer) => viewer.role === 'admin';

/** A viewer known to be signed in (routes behind requireUser get one from `signedInViewer`). */
export type SignedInViewer = Viewer & { userId: string };
