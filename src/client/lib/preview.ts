import { useSearchParams } from 'react-router';
import { useAuth } from './auth/auth-context';

/**
 * Preview (decision 021): an administrator opens a draft, or a published story's unpublished
 * changes, in the real story page and player with `?preview=1`. The pages then read the working
 * copy (the same API calls with `?preview=1`), say they are a preview, and save no progress.
 */
export const PREVIEW_PARAM = 'preview';

/** `path` with `preview=1` added to its query when `preview` is on, unchanged otherwise. */
export function withPreview(path: string, preview: boolean): string {
  if (!preview) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${PREVIEW_PARAM}=1`;
}

/**
 * The last part of a query key that keeps the working copy's data apart from the published
 * data of the same story or chapter.
 */
export const previewKeyPart = (preview: boolean) =>
  preview ? (['preview'] as const) : ([] as const);

export interface PreviewMode {
  /** The page shows the working copy: `?preview=1` and an administrator signed in. */
  preview: boolean;
  /**
   * `?preview=1` is asked for but the session is not known yet: the page waits rather than load
   * (and, for a draft, be refused) the published data first.
   */
  pending: boolean;
}

/**
 * Whether this page is a preview. Anyone but an administrator gets the page as learners see it:
 * their `?preview=1` changes nothing (the server would refuse it too).
 */
export function usePreviewMode(): PreviewMode {
  const [searchParams] = useSearchParams();
  const { user, status } = useAuth();
  const asked = searchParams.get(PREVIEW_PARAM) === '1';
  return {
    preview: asked && user?.role === 'admin',
    pending: asked && status === 'loading',
  };
}
