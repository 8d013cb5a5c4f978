import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bookmark } from '#shared/contracts/bookmarks';
import { apiFetch } from '#client/lib/api-client';
import { useAuth } from '#client/lib/auth/auth-context';
import { randomUuid } from '#client/lib/random-uuid';
import { getSyncEngine } from '#client/lib/sync/sync-engines';
import type { SyncEntry } from '#client/lib/sync/sync-kind';
import { useSyncDeliveries, useSyncEntries } from '#client/lib/sync/use-sync';
import { bookmarkSync, type BookmarkChange } from './bookmark-sync';

/*
 * The bookmarks API: list a chapter's, create, edit a note, delete. One module because the four
 * calls share the cache entry they keep in order. Changes go through the learner-sync engine
 * (decision 057), which sends them with `bookmarkSync` (bookmark-sync.ts).
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
 * The bookmarks made, edited or deleted here and not yet delivered (decisions 041, 057), applied
 * on top of the server's list: what the learner did offline shows at once and after a reload.
 */
export function withPendingBookmarks(
  list: readonly Bookmark[],
  chapterId: string,
  entries: readonly SyncEntry<BookmarkChange>[],
): Bookmark[] {
  let result = [...list];
  for (const { data: change, madeAt } of entries) {
    if (change.chapterId !== chapterId) continue;
    if (change.op === 'create') {
      if (result.some((bookmark) => bookmark.id === change.id)) continue;
      const at = new Date(madeAt).toISOString();
      result.push({
        id: change.id,
        chapterId,
        positionSeconds: change.positionSeconds,
        segmentId: change.segmentId ?? null,
        note: change.note ? change.note : null,
        createdAt: at,
        updatedAt: at,
      });
    } else if (change.op === 'note') {
      result = result.map((bookmark) =>
        bookmark.id === change.id ? { ...bookmark, note: change.note || null } : bookmark,
      );
    } else {
      result = result.filter((bookmark) => bookmark.id !== change.id);
    }
  }
  return result.sort(byPosition);
}

/** The chapter's bookmarks: the server's list with the changes still waiting applied. */
export function useBookmarks(chapterId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const pending = useSyncEntries(userId, bookmarkSync);
  const { queryKey } = bookmarksQueryOptions(chapterId);
  // Delivered in the background: the answer joins the list before the change leaves the store.
  useSyncDeliveries(userId, bookmarkSync, (answer, [entry]) => {
    if (!entry || entry.data.chapterId !== chapterId) return;
    queryClient.setQueryData(queryKey, (list) => list && applyAnswer(list, entry.data, answer));
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

/** The server's answer to a change, put into the chapter's cached list. */
function applyAnswer(list: Bookmark[], change: BookmarkChange, answer: Bookmark | null) {
  if (change.op === 'delete') return list.filter((entry) => entry.id !== change.id);
  if (!answer) return list;
  const others = list.filter((entry) => entry.id !== answer.id);
  return [...others, answer].sort(byPosition);
}

/**
 * Create, edit and delete through the learner-sync engine (decision 057): each shows at once, is
 * sent now when the server can be reached and later otherwise; a mutation fails only when the
 * server refused it for good. The chapter's list in the cache follows each answer.
 */
export function useBookmarkMutations(chapterId: string) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const { queryKey } = bookmarksQueryOptions(chapterId);
  const submit = async (change: BookmarkChange) => {
    if (!userId) throw new Error('Bookmarks need a signed-in learner');
    const result = await getSyncEngine(userId).submit(bookmarkSync, change);
    if (result.sent) {
      queryClient.setQueryData(
        queryKey,
        (list) => list && applyAnswer(list, change, result.answer),
      );
    }
    return result;
  };
  // Kept on the device while offline: never paused by the query client's online state.
  const networkMode = 'always';

  const create = useMutation({
    networkMode,
    mutationKey: ['me', 'bookmarks', 'create'],
    mutationFn: (input: NewBookmark) => submit({ op: 'create', id: randomUuid(), ...input }),
  });
  const update = useMutation({
    networkMode,
    mutationKey: ['me', 'bookmarks', 'update'],
    mutationFn: ({ id, note }: { id: string; note: string | null }) =>
      submit({ op: 'note', id, chapterId, note }),
  });
  const remove = useMutation({
    networkMode,
    mutationKey: ['me', 'bookmarks', 'delete'],
    mutationFn: (id: string) => submit({ op: 'delete', id, chapterId }),
  });
  return { create, update, remove };
}
