import { useCallback, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { withReturnPath } from '#shared/return-path';
import type { TranscriptSegment } from '#shared/transcript';
import {
  TranscriptSaveContext,
  type TranscriptSaveActions,
} from '#client/components/transcript/transcript-save-context';
import { savedItemSync } from '#client/lib/api/saved-items/saved-item-sync';
import {
  chapterSavedItemsQueryOptions,
  pendingSavedItemDeletes,
  rememberSavedItem,
  useSaveItem,
} from '#client/lib/api/saved-items/saved-items';
import { useAuth } from '#client/lib/auth/auth-context';
import { doneOrKept } from '#client/lib/sync/kept-offline';
import { useSyncDeliveries, useSyncEntries } from '#client/lib/sync/use-sync';
import type { TranslationRequest } from '#client/lib/api/translate';
import { SaveWordButton } from './save-word-button';
import { saveFailed, savedTexts } from './saved-items-texts';

/**
 * Saving words and lines in the player (decision 035): a signed-in listener gets a Save button on
 * each line and in the word popup, marked once saved; a visitor gets a sign-in hint in the popup.
 * Nothing is offered in an administrator's preview (learners may not see that chapter).
 */
export function SavedItemsProvider({
  chapterId,
  listener,
  visitor,
  children,
}: {
  chapterId: string;
  listener: boolean;
  visitor: boolean;
  children: ReactNode;
}) {
  const saved = useQuery({ ...chapterSavedItemsQueryOptions(chapterId), enabled: listener });
  const save = useSaveItem();
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  // Saves made offline and not yet delivered are marked too (decisions 041, 057).
  const waiting = useSyncEntries(listener ? userId : null, savedItemSync);
  const pendingSaves = useMemo(
    () =>
      waiting.flatMap(({ data }) =>
        data.op === 'save' && data.body.chapterId === chapterId ? [data.body] : [],
      ),
    [waiting, chapterId],
  );
  useSyncDeliveries(listener ? userId : null, savedItemSync, (answer) => {
    if (answer) rememberSavedItem(queryClient, answer);
  });
  const saveMutate = save.mutate;
  const { pathname, search } = useLocation();
  const signInPath = withReturnPath('/auth', pathname + search);

  const deleted = useMemo(() => pendingSavedItemDeletes(waiting), [waiting]);
  const items = useMemo(
    () => saved.data?.items.filter((item) => !deleted.has(item.id)),
    [saved.data, deleted],
  );
  const savedLineIds = useMemo(
    () =>
      new Set([
        ...(items ?? []).filter((item) => item.kind === 'sentence').map((item) => item.segmentId),
        ...pendingSaves.filter((body) => body.kind === 'sentence').map((body) => body.segmentId),
      ]),
    [items, pendingSaves],
  );
  const savedWordIds = useMemo(
    () =>
      new Set([
        ...(items ?? []).flatMap((item) =>
          item.kind === 'word' ? [`${item.segmentId}|${item.wordId}`] : [],
        ),
        ...pendingSaves.flatMap((body) =>
          body.kind === 'word' ? [`${body.segmentId}|${body.wordId}`] : [],
        ),
      ]),
    [items, pendingSaves],
  );

  const onSaveLine = useCallback(
    (segment: TranscriptSegment) => {
      if (savedLineIds.has(segment.id)) {
        toast(savedTexts.alreadySaved);
        return;
      }
      const saved = doneOrKept(savedTexts.savedLine);
      saveMutate(
        { kind: 'sentence', chapterId, segmentId: segment.id },
        { onSuccess: () => toast.success(saved), onError: saveFailed },
      );
    },
    [saveMutate, chapterId, savedLineIds],
  );

  const renderWordActions = useCallback(
    (request: TranslationRequest): ReactNode => {
      if (visitor) {
        return (
          <Link to={signInPath} className="text-sm font-medium text-accent-ink underline">
            {savedTexts.signInToSave}
          </Link>
        );
      }
      if (!request.segmentId || !request.wordId) return null;
      return (
        <SaveWordButton
          chapterId={chapterId}
          segmentId={request.segmentId}
          wordId={request.wordId}
          word={request.text}
          saved={savedWordIds.has(`${request.segmentId}|${request.wordId}`)}
        />
      );
    },
    [visitor, signInPath, chapterId, savedWordIds],
  );

  const value = useMemo<TranscriptSaveActions | null>(() => {
    if (listener) return { onSaveLine, savedLineIds, renderWordActions };
    if (visitor) return { savedLineIds, renderWordActions };
    return null;
  }, [listener, visitor, onSaveLine, savedLineIds, renderWordActions]);

  return <TranscriptSaveContext.Provider value={value}>{children}</TranscriptSaveContext.Provider>;
}
