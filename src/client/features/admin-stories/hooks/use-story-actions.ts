import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminStory, StoryMove } from '#shared/contracts/admin-stories';
import { adminStoryMessages } from '#shared/contracts/admin-stories';
import type { PublishAction, ReviewState } from '#shared/contracts/publishing';
import { hasUnreviewed } from '#shared/studio/unreviewed-counts';
import { toast } from '#client/lib/toast';
import { useDeleteStory } from '../api/delete-story';
import { reviewStateQueryOptions } from '../api/get-review-state';
import { useMoveStory } from '../api/move-story';
import { usePublishChanges } from '../api/publish-changes';
import { useToggleRequiresLogin } from '../api/toggle-requires-login';
import { useToggleStoryStatus } from '../api/toggle-story-status';

const { toasts } = adminStoryMessages;
const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');
const PUBLISH_FAILED = 'Publish Failed';

/**
 * Whether a publish asks first: something learners would see is unreviewed (decision 043), or a
 * chapter is left out for want of audio or transcript (decision 063).
 */
const needsConfirmation = (state: ReviewState) =>
  hasUnreviewed(state.unreviewed) || state.leftOut.length > 0;

/** A publish the administrator is asked to confirm, with what it would show unreviewed. */
export interface PendingPublish {
  story: AdminStory;
  action: PublishAction;
  reviewState: ReviewState;
}

/** The dashboard's row actions, with the spec's toasts (move failures stay silent). */
export function useStoryActions() {
  const queryClient = useQueryClient();
  const publish = usePublishChanges();
  const status = useToggleStoryStatus();
  // The story whose review state is being read before a publish (its button waits meanwhile).
  const [checking, setChecking] = useState<{ id: string; action: PublishAction }>();
  const login = useToggleRequiresLogin();
  const move = useMoveStory();
  const remove = useDeleteStory();

  /** Reads the story's review state afresh, then hands it on; a failure is toasted. */
  function prepare(
    story: AdminStory,
    action: PublishAction,
    then: (pending: PendingPublish) => void,
  ) {
    setChecking({ id: story.id, action });
    queryClient
      .fetchQuery(reviewStateQueryOptions(story.id, action))
      .then(
        ({ reviewState }) => then({ story, action, reviewState }),
        (error: unknown) =>
          toast.error(action === 'publish' ? toasts.statusFailed : PUBLISH_FAILED, {
            description: reason(error),
          }),
      )
      .finally(() => setChecking(undefined));
  }

  function publishChanges(pending: PendingPublish, onSettled?: () => void) {
    const { story, reviewState } = pending;
    publish.mutate(
      {
        story,
        body: hasUnreviewed(reviewState.unreviewed)
          ? { acknowledgeUnreviewed: reviewState.unreviewed }
          : {},
      },
      {
        onSuccess: (updated) =>
          toast.success('Changes Published', {
            description: `Learners now see the latest version of "${updated.title}".`,
          }),
        onError: (error) => toast.error(PUBLISH_FAILED, { description: reason(error) }),
        onSettled,
      },
    );
  }

  function setStatus(story: AdminStory, pending?: PendingPublish, onSettled?: () => void) {
    const acknowledged = pending && hasUnreviewed(pending.reviewState.unreviewed);
    status.mutate(
      {
        story,
        body: acknowledged ? { acknowledgeUnreviewed: pending.reviewState.unreviewed } : {},
      },
      {
        onSuccess: (updated) => {
          if (updated.status === 'published') {
            toast.success(toasts.published, {
              description: `"${updated.title}" is now visible to learners.`,
            });
          } else {
            toast.success(toasts.unpublished, {
              description: `"${updated.title}" is now a draft, hidden from learners.`,
            });
          }
        },
        onError: (error) => toast.error(toasts.statusFailed, { description: reason(error) }),
        onSettled,
      },
    );
  }

  return {
    /**
     * Unpublishes at once. Publishing a draft first reads what learners would see (decisions 043,
     * 063): with nothing unreviewed and no chapter left out, it publishes at once as the spec's
     * toggle does; otherwise `confirm` gets it for the dialog.
     */
    togglePublished(story: AdminStory, confirm: (pending: PendingPublish) => void) {
      if (story.status === 'published') {
        setStatus(story);
        return;
      }
      prepare(story, 'publish', (pending) =>
        needsConfirmation(pending.reviewState) ? confirm(pending) : setStatus(story),
      );
    },
    /** Reads what "Publish changes" would show unreviewed, then asks through `confirm`. */
    askToPublishChanges(story: AdminStory, confirm: (pending: PendingPublish) => void) {
      prepare(story, 'publish-changes', confirm);
    },
    /** The confirmed publish: acknowledges exactly what the dialog listed. */
    confirmPublish(pending: PendingPublish, onSettled?: () => void) {
      if (pending.action === 'publish') setStatus(pending.story, pending, onSettled);
      else publishChanges(pending, onSettled);
    },
    toggleRequiresLogin(story: AdminStory) {
      login.mutate(story, {
        onSuccess: (updated) =>
          toast.success(toasts.loginUpdated, {
            description: updated.requiresLogin
              ? `"${updated.title}" now requires login.`
              : `"${updated.title}" is now open to everyone.`,
          }),
        onError: (error) => toast.error(toasts.loginFailed, { description: reason(error) }),
      });
    },
    /**
     * One place (the arrows, the keyboard) or to a place (drag and drop). Spec: a move that fails
     * says nothing; `onMoved` gets the new list (to announce the place and keep the focus).
     */
    move(story: AdminStory, to: StoryMove, onMoved?: (stories: AdminStory[]) => void) {
      move.mutate(
        { id: story.id, move: to },
        {
          onSuccess: (data) => {
            toast.success(toasts.moved);
            onMoved?.(data.stories);
          },
        },
      );
    },
    remove(story: AdminStory, onSettled?: () => void) {
      remove.mutate(story.id, {
        onSuccess: () =>
          toast.success(toasts.deleted, { description: `"${story.title}" was deleted.` }),
        onError: (error) => toast.error(toasts.deleteFailed, { description: reason(error) }),
        onSettled,
      });
    },
    /** Which story (if any) each action is busy with, to disable its controls meanwhile. */
    busy: {
      publish: publish.isPending
        ? publish.variables?.story.id
        : checking?.action === 'publish-changes'
          ? checking.id
          : undefined,
      status: status.isPending
        ? status.variables?.story.id
        : checking?.action === 'publish'
          ? checking.id
          : undefined,
      login: login.isPending ? login.variables?.id : undefined,
      move: move.isPending ? move.variables?.id : undefined,
      remove: remove.isPending ? remove.variables : undefined,
    },
  };
}

export type StoryActions = ReturnType<typeof useStoryActions>;
