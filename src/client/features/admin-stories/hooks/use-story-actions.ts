import type { AdminStory, StoryMove } from '#shared/contracts/admin-stories';
import { adminStoryMessages } from '#shared/contracts/admin-stories';
import { toast } from '#client/lib/toast';
import { useDeleteStory } from '../api/delete-story';
import { useMoveStory } from '../api/move-story';
import { usePublishChanges } from '../api/publish-changes';
import { useToggleRequiresLogin } from '../api/toggle-requires-login';
import { useToggleStoryStatus } from '../api/toggle-story-status';

const { toasts } = adminStoryMessages;
const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** The dashboard's row actions, with the spec's toasts (move failures stay silent). */
export function useStoryActions() {
  const publish = usePublishChanges();
  const status = useToggleStoryStatus();
  const login = useToggleRequiresLogin();
  const move = useMoveStory();
  const remove = useDeleteStory();

  return {
    togglePublished(story: AdminStory) {
      status.mutate(story, {
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
      });
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
    publishChanges(story: AdminStory, onSettled?: () => void) {
      publish.mutate(story, {
        onSuccess: (updated) =>
          toast.success('Changes Published', {
            description: `Learners now see the latest version of "${updated.title}".`,
          }),
        onError: (error) => toast.error('Publish Failed', { description: reason(error) }),
        onSettled,
      });
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
      publish: publish.isPending ? publish.variables?.id : undefined,
      status: status.isPending ? status.variables?.id : undefined,
      login: login.isPending ? login.variables?.id : undefined,
      move: move.isPending ? move.variables?.id : undefined,
      remove: remove.isPending ? remove.variables : undefined,
    },
  };
}

export type StoryActions = ReturnType<typeof useStoryActions>;
