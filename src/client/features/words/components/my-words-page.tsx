import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { toast } from 'sonner';
import type { SavedItem } from '#shared/contracts/saved-items';
import { SAVED_ITEMS_QUERY_MAX } from '#shared/contracts/saved-items-routes';
import { Button, buttonClassName } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Input, Label } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { Spinner } from '#client/components/ui/spinner';
import { useDeleteSavedItem } from '#client/lib/api/saved-items/saved-items';
import { doneOrKept } from '#client/lib/sync/kept-offline';
import { useMyWords } from '../api/get-my-words';
import { SavedItemCard } from './saved-item-card';

export const myWordsTexts = {
  title: 'My words',
  lead: 'The words and sentences you saved while listening. Open one to hear it in its chapter.',
  searchLabel: 'Search your words',
  emptyTitle: 'No saved words yet',
  empty:
    'In the player, choose a word and press Save, or save a whole line with the button beside it.',
  browse: 'Browse the Library',
  noMatch: (q: string) => `Nothing you saved matches “${q}”.`,
  loadFailed: 'Your saved words could not be loaded.',
  deleted: 'Deleted from My words',
  deleteFailed: 'Could not delete. Please try again.',
  confirmTitle: 'Delete this saved item?',
  confirmText: 'It leaves My words and your review deck, with its review history.',
} as const;

/** The learner's saved words and sentences: search, open in the player, delete (decision 035). */
export function MyWordsPage() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const words = useMyWords(q);
  const remove = useDeleteSavedItem();
  const [pending, setPending] = useState<SavedItem | null>(null);

  const items = words.data?.pages.flatMap((page) => page.items) ?? [];
  const total = words.data?.pages[0]?.total ?? 0;
  const everEmpty = q === '' && words.isSuccess && total === 0;

  const confirmDelete = () => {
    if (!pending) return;
    const deleted = doneOrKept(myWordsTexts.deleted);
    remove.mutate(pending.id, {
      onSuccess: () => toast.success(deleted),
      onError: () => toast.error(myWordsTexts.deleteFailed),
      onSettled: () => setPending(null),
    });
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading title={myWordsTexts.title} lead={myWordsTexts.lead} />
      {everEmpty ? null : (
        <form role="search" className="mb-6" onSubmit={(event) => event.preventDefault()}>
          <Label htmlFor={searchId}>{myWordsTexts.searchLabel}</Label>
          <div className="relative mt-2">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              maxLength={SAVED_ITEMS_QUERY_MAX}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
        </form>
      )}

      {words.isPending ? (
        <Spinner label="Loading your words..." className="py-12" />
      ) : words.isError ? (
        <Notice
          tone="error"
          title="My words unavailable"
          action={
            <button
              type="button"
              className="font-medium underline"
              onClick={() => void words.refetch()}
            >
              Try Again
            </button>
          }
        >
          {myWordsTexts.loadFailed}
        </Notice>
      ) : everEmpty ? (
        <Notice
          title={myWordsTexts.emptyTitle}
          action={
            <Link to="/library" className={buttonClassName({ variant: 'primary', size: 'sm' })}>
              {myWordsTexts.browse}
            </Link>
          }
        >
          {myWordsTexts.empty}
        </Notice>
      ) : items.length === 0 ? (
        <p className="py-8 text-center text-ink-muted" role="status">
          {myWordsTexts.noMatch(q)}
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-ink-muted" role="status">
            {total === 1 ? '1 saved item' : `${total} saved items`}
          </p>
          <ul className="space-y-4">
            {items.map((item) => (
              <li key={item.id}>
                <SavedItemCard item={item} onDelete={setPending} />
              </li>
            ))}
          </ul>
          {words.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="secondary"
                disabled={words.isFetchingNextPage}
                onClick={() => void words.fetchNextPage()}
              >
                {words.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            </div>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPending(null);
        }}
        title={myWordsTexts.confirmTitle}
        description={
          <>
            <span lang="es" className="font-semibold">
              {pending?.text}
            </span>
            {' — '}
            {myWordsTexts.confirmText}
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
