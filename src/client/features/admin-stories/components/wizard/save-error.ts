import type { ErrorDetails } from '#shared/errors';
import { isApiError } from '#client/lib/api-client';

export interface SaveErrorDescription {
  message: string;
  /** The spec's second line ('Please choose a different title'…), when there is one. */
  hint: string | null;
  /** Field-level reasons of a refused request, one line each. */
  reasons: string[];
}

const GENERIC_HINT = 'Please try again or contact support if the problem persists';

/**
 * What the 'Failed to Save Story' alert says. A reason the API gives (a refused title, 'Failed to
 * create story chapters'…) is shown as it is, with the common error details' `hint` and the
 * messages of its `issues`; anything the client cannot explain — no answer, a hidden server
 * failure, an unreadable reply — becomes the spec's generic message.
 */
export function describeSaveError(error: unknown, editing: boolean): SaveErrorDescription {
  const unexplained =
    !isApiError(error) ||
    error.status === 0 ||
    error.code === 'INTERNAL_ERROR' ||
    error.code === 'INVALID_RESPONSE' ||
    error.code.startsWith('HTTP_');
  if (unexplained) {
    return {
      message: `An unexpected error occurred while ${editing ? 'updating' : 'creating'} the story`,
      hint: GENERIC_HINT,
      reasons: [],
    };
  }
  // The API client read the body with the shared error shape (apiErrorSchema). A refused
  // request's message is its first issue's: the list leaves it out rather than say it twice.
  const details = error.details as ErrorDetails | undefined;
  const reasons = new Set((details?.issues ?? []).map((issue) => issue.message));
  reasons.delete(error.message);
  return { message: error.message, hint: details?.hint || null, reasons: [...reasons] };
}
