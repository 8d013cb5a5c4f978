import { isApiError } from '#client/lib/api-client';

export interface SaveErrorDescription {
  message: string;
  /** The spec's second line ('Please choose a different title'…), when there is one. */
  hint: string | null;
  /** Field-level reasons of a refused request, one line each. */
  reasons: string[];
}

const GENERIC_HINT = 'Please try again or contact support if the problem persists';

const stringAt = (value: unknown, key: string): string | null => {
  if (typeof value !== 'object' || value === null) return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' && found !== '' ? found : null;
};

function reasonsOf(details: unknown): string[] {
  if (typeof details !== 'object' || details === null) return [];
  const issues = (details as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  const messages = issues
    .map((issue) => stringAt(issue, 'message'))
    .filter((message): message is string => message !== null);
  return [...new Set(messages)];
}

/**
 * What the 'Failed to Save Story' alert says. A reason the API gives (a refused title, 'Failed to
 * create story chapters'…) is shown as it is; anything the client cannot explain — no answer, a
 * hidden server failure, an unreadable reply — becomes the spec's generic message.
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
  return {
    message: error.message,
    hint: stringAt(error.details, 'hint'),
    reasons: reasonsOf(error.details),
  };
}
