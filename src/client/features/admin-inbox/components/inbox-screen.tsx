import { useId } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  contactCategories,
  contactCategoryLabels,
  inboxStatusLabels,
  inboxStatuses,
  type InboxMessageSummary,
} from '#shared/contracts/admin-inbox';
import { Button } from '#client/components/ui/button';
import { inputClassName, Label } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { Pagination } from '#client/components/ui/pagination';
import { Spinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { formatDateTime } from '#client/lib/format-date-time';
import { useInbox } from '../api/get-inbox';
import { inboxSearchOf, inboxViewFrom, type InboxView } from '../inbox-search';
import { CategoryBadge, StatusBadge } from './inbox-badges';

/** The contact inbox (issue 12): messages newest first, filtered by status and category. */
export function InboxScreen() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const view = inboxViewFrom(params);
  const inbox = useInbox(view);

  // A filter change starts again at the first page; the address keeps the view (back, reload).
  const show = (next: Partial<InboxView>) =>
    setParams(inboxSearchOf({ ...view, page: 1, ...next }));

  const counts = inbox.data?.counts;
  const countOf = (status: (typeof inboxStatuses)[number]) =>
    counts === undefined ? null : status === 'all' ? counts.open + counts.handled : counts[status];

  return (
    <div className="max-w-5xl">
      <PageHeading
        title="Inbox"
        lead="Messages sent with the contact form. Read them, reply by email and mark them handled."
      />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
          {inboxStatuses.map((status) => {
            const count = countOf(status);
            return (
              <Button
                key={status}
                size="sm"
                variant={view.status === status ? 'primary' : 'secondary'}
                aria-pressed={view.status === status}
                onClick={() => show({ status })}
              >
                {inboxStatusLabels[status]}
                {/* The space keeps the name 'Open (3)'; the flex gap spaces it on screen. */}
                {count === null ? null : (
                  <>
                    {' '}
                    <span className="tabular-nums">({count})</span>
                  </>
                )}
              </Button>
            );
          })}
        </div>
        <div className="space-y-1.5 sm:w-60">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <select
            id={`${id}-category`}
            value={view.category ?? ''}
            onChange={(event) =>
              show({
                category:
                  event.target.value === ''
                    ? null
                    : (event.target.value as (typeof contactCategories)[number]),
              })
            }
            className={cn(inputClassName, 'h-10 text-sm')}
          >
            <option value="">All categories</option>
            {contactCategories.map((category) => (
              <option key={category} value={category}>
                {contactCategoryLabels[category]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <section aria-labelledby={`${id}-messages`} className="mt-6 space-y-4">
        <h2 id={`${id}-messages`} className="sr-only">
          Messages
        </h2>
        {inbox.isPending ? (
          <Spinner label="Loading messages..." className="py-16" />
        ) : inbox.isError ? (
          <Notice
            tone="error"
            title="Messages unavailable"
            headingLevel={3}
            action={
              <Button variant="secondary" size="sm" onClick={() => void inbox.refetch()}>
                Try Again
              </Button>
            }
          >
            Error loading messages. Please try again.
          </Notice>
        ) : inbox.data.messages.length === 0 ? (
          <>
            <Notice title="No messages" headingLevel={3}>
              {emptyText(view)}
            </Notice>
            {inbox.data.total > 0 ? (
              <Pagination
                {...inbox.data}
                label="Inbox pages"
                noun={{ one: 'message', other: 'messages' }}
                onPageChange={(page) => show({ page })}
              />
            ) : null}
          </>
        ) : (
          <>
            <ul className="space-y-3" aria-busy={inbox.isPlaceholderData}>
              {inbox.data.messages.map((message) => (
                <InboxRow key={message.id} message={message} from={location.search} />
              ))}
            </ul>
            <Pagination
              {...inbox.data}
              label="Inbox pages"
              noun={{ one: 'message', other: 'messages' }}
              busy={inbox.isPlaceholderData}
              onPageChange={(page) => show({ page })}
            />
          </>
        )}
      </section>
    </div>
  );
}

function emptyText(view: InboxView): string {
  const where = view.category ? ` in ${contactCategoryLabels[view.category]}` : '';
  if (view.page > 1) return 'This page is past the end of the list.';
  if (view.status === 'open') return `Nothing is waiting for an answer${where}.`;
  if (view.status === 'handled') return `No message has been marked handled${where} yet.`;
  return `No one has sent a message${where} yet.`;
}

/** One message: the subject leads to it; the whole row is its target. */
function InboxRow({ message, from }: { message: InboxMessageSummary; from: string }) {
  const handled = message.handledAt !== null;
  return (
    <li
      className={cn(
        'relative rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-ink/5',
        'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-focus hover:bg-surface-muted',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge handled={handled} />
        <CategoryBadge category={message.category} />
        <time
          dateTime={message.createdAt}
          className="ml-auto text-sm whitespace-nowrap text-ink-muted"
        >
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <h3 className="mt-2 text-base font-semibold break-words text-ink">
        <Link
          to={`/admin/inbox/${message.id}`}
          state={{ from }}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {message.subject}
        </Link>
      </h3>
      <p className="mt-1 text-sm break-words text-ink-muted">
        <span className="font-medium text-ink">{message.name}</span>{' '}
        <span>&lt;{message.email}&gt;</span>
      </p>
    </li>
  );
}
