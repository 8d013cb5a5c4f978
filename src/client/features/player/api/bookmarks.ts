import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bookmark } from '#shared/contracts/bookmarks';
import { apiFetch } from '#client/lib/api-client';
import { useAuth } from '#client/lib/auth/auth-context';
import {
  getOutbox,
  type OutboxAnswer,
  type OutboxEntry,
  type OutboxOperation,
} from '#client/lib/outbox/outbox';
import { useOutboxAnswers, useOutboxEntries } from '#client/lib/outbox/use-outbox';
import { randomUuid } from '#client/lib/random-uuid';

/*
 * The bookmarks API: list a chapter's, create, edit a note, delete. One module because the four
 * calls share the cache entry they keep in order. Changes go through the outbox
 * (#client/lib/outbox), which sends them (src/client/lib/outbox/outbox.ts `sendOperation`).
 */

const byPosition = (a: Bookmark, b: Bookmark) => a.positionSeconds - b.positionSeconds;

export const getBookmarks = async (chapterId: string, signal?: AbortSignal) => {
  const { bookmarks } = await apiFetch<{ bookmarks: Bookmark[] }>(
    `/api/bookmarks?chapterId=${encodeURIComponent(chapterId)}`,
    { signal },
  );
  return [...bookmarks].sort(byPosition);
};

export const bookmarksQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: ['me', 'bookmarks', chapterId] as const,
    queryFn: ({ signal }) => getBookmarks(chapterId, signal),
  });

/**
 * The bookmarks made, edited or deleted here and not yet delivered (decision 041), applied on top
 * of the server's list: what the learner did offline shows at once and after a reload.
 */
export function withPendingBookmarks(
  list: readonly Bookmark[],
  chapterId: string,
  entries: readonly OutboxEntry[],
): Bookmark[] {
  let result = [...list];
  for (const { operation, madeAt } of entries) {
    if (!operation.kind.startsWith('bookmark.') || !('chapterId' in operation)) continue;
    if (operation.chapterId !== chapterId) continue;
    if (operation.kind === 'bookmark.create') {
      if (result.some((bookmark) => bookmark.id === operation.id)) continue;
      const at = new Date(madeAt).toISOString();
      result.push({
        id: operation.id,
        chapterId,
        positionSeconds: operation.positionSeconds,
        segmentId: operation.segmentId ?? null,
        note: operation.note ? operation.note : null,
        createdAt: at,
        updatedAt: at,
      });
    } else if (operation.kind === 'bookmark.note') {
      result = result.map((bookmark) =>
        bookmark.id === operation.id ? { ...bookmark, note: operation.note || null } : bookmark,
      );
    } else {
      result = result.filter((bookmark) => bookmark.id !== operation.id);
    }
  }
  return result.sort(byPosition);
}

/** The chapter's bookmarks: the server's list with what waits in the outbox applied. */
export function useBookmarks(chapterId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const pending = useOutboxEntries(userId);
  const { queryKey } = bookmarksQueryOptions(chapterId);
  // Delivered in the background: the answer joins the list before the entry leaves the outbox.
  useOutboxAnswers(userId, ({ operation }, answer) => {
    if (!('chapterId' in operation) || operation.chapterId !== chapterId) return;
    queryClient.setQueryData(queryKey, (list) => list && applyAnswer(list, operation, answer));
  });
  const select = useCallback(
    (list: Bookmark[]) => withPendingBookmarks(list, chapterId, pending),
    [chapterId, pending],
  );
  return useQuery({ ...bookmarksQueryOptions(chapterId), enabled, select });
}

export interface NewBookmark {
  chapterId: string;
  positionSeconds: number;
  segmentId?: string;
  note?: string;
}

type BookmarkOperation = Extract<OutboxOperation, { kind: `bookmark.${string}` }>;

/** The server's answer to an operation, put into the chapter's cached list. */
function applyAnswer(list: Bookmark[], operation: OutboxOperation, answer: OutboxAnswer) {
  if (operation.kind === 'bookmark.delete')
    return list.filter((entry) => entry.id !== operation.id);
  if (operation.kind !== 'bookmark.create' && operation.kind !== 'bookmark.note') return list;
  if (!answer || !('positionSeconds' in answer)) return list;
  const others = list.filter((entry) => entry.id !== answer.id);
  return [...others, answer].sort(byPosition);
}

/**
 * Create, edit and delete through the outbox (decision 041): each shows at once, is sent now
 * when the server can be reached and later otherwise; a mutation fails only when the server
 * refused it for good. The chapter's list in the cache follows each answer.
 */
export function useBookmarkMutations(chapterId: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const { queryKey } = bookmarksQueryOptions(chapterId);
  const submit = async (operation: BookmarkOperation) => {
    if (!userId) throw new Error('Bookmarks need a signed-in learner');
    const result = await getOutbox(userId).submit(operation);
    if (result.sent) {
      queryClient.setQueryData(
        queryKey,
        (list) => list && applyAnswer(list, operation, result.answer),
      );
    }
    return result;
  };

  const create = useMutation({
    // The outbox keeps it while offline: never paused by the query client's online state.
    networkMode: 'always',
    mutationKey: ['me', 'bookmarks', 'create'],
    mutationFn: (input: NewBookmark) =>
      submit({ kind: 'bookmark.create', id: randomUuid(), ...input }),
  });
  const update = useMutation({
    // The outbox keeps it while offline: never paused by the query client's online state.
    networkMode: 'always',
    mutationKey: ['me', 'bookmarks', 'update'],
    mutationFn: ({ id, note }: { id: string; note: string | null }) =>
      submit({ kind: 'bookmark.note', id, chapterId, note }),
  });
  const remove = useMutation({
    // The outbox keeps it while offline: never paused by the query client's online state.
    networkMode: 'always',
    mutationKey: ['me', 'bookmarks', 'delete'],
    mutationFn: (id: string) => submit({ kind: 'bookmark.delete', id, chapterId }),
  });
  return { create, update, remove };
}
