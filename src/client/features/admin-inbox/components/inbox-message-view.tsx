import { ArrowLeft, CheckCircle2, Mail, RotateCcw } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  contactCategoryLabels,
  inboxMessages,
  replyMailto,
  type InboxMessage,
} from '#shared/contracts/admin-inbox';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { formatDateTime } from '#client/lib/format-date-time';
import { toast } from '#client/lib/toast';
import { useDocumentTitle } from '#client/lib/document-title';
import { useInboxMessage } from '../api/get-inbox-message';
import { useUpdateInboxMessage } from '../api/update-inbox-message';
import { OPEN_INBOX_PATH } from '../inbox-search';
import { StatusBadge } from './inbox-badges';

/** The list the reader came from (its filters and page), or the open messages. */
function useBackPath(): string {
  const { state } = useLocation() as { state: { from?: unknown } | null };
  const from = state?.from;
  return typeof from === 'string' && from.startsWith('?') ? `/admin/inbox${from}` : OPEN_INBOX_PATH;
}

/** One contact message in full: who sent it, about what, the text as written, and what to do. */
export function InboxMessageView({ id }: { id: string }) {
  const message = useInboxMessage(id);
  const back = useBackPath();
  useDocumentTitle(message.data ? `Message: ${message.data.subject}` : 'Message');

  const backLink = (
    <Link
      to={back}
      className={buttonClassName({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to inbox
    </Link>
  );

  if (message.isPending) return <Spinner label="Loading message..." className="py-24" />;
  if (message.isError) {
    const missing = isApiError(message.error) && message.error.status === 404;
    return (
      <div className="max-w-3xl space-y-4">
        {backLink}
        <h1 className="text-3xl font-semibold tracking-tight">
          {missing ? inboxMessages.notFound : 'Message unavailable'}
        </h1>
        <Notice
          tone={missing ? 'info' : 'error'}
          action={
            missing ? null : (
              <Button variant="secondary" size="sm" onClick={() => void message.refetch()}>
                Try Again
              </Button>
            )
          }
        >
          {missing
            ? 'This message does not exist (any more). It may have been deleted.'
            : 'The message could not be loaded. Please try again.'}
        </Notice>
      </div>
    );
  }
  return (
    <div className="max-w-3xl space-y-4">
      {backLink}
      <MessageCard message={message.data} />
    </div>
  );
}

function MessageCard({ message }: { message: InboxMessage }) {
  const update = useUpdateInboxMessage();
  const handled = message.handledAt !== null;

  function setHandled(next: boolean) {
    update.mutate(
      { id: message.id, handled: next },
      {
        onSuccess: () => toast.success(next ? inboxMessages.markedHandled : inboxMessages.reopened),
        onError: (error) => toast.error(inboxMessages.updateFailed, { description: error.message }),
      },
    );
  }

  return (
    <article aria-labelledby="inbox-message-subject">
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge handled={handled} />
        </div>
        <h1
          id="inbox-message-subject"
          className="text-2xl font-semibold tracking-tight break-words sm:text-3xl"
        >
          {message.subject}
        </h1>
      </header>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-ink-muted">From</dt>
        <dd className="break-words text-ink">
          {message.name} &lt;{message.email}&gt;
          {message.fromAccount ? (
            <span className="text-ink-muted"> · signed in when sending</span>
          ) : null}
        </dd>
        <dt className="font-medium text-ink-muted">Category</dt>
        <dd className="text-ink">{contactCategoryLabels[message.category]}</dd>
        <dt className="font-medium text-ink-muted">Received</dt>
        <dd className="text-ink">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </dd>
        {handled ? (
          <>
            <dt className="font-medium text-ink-muted">Handled</dt>
            <dd className="break-words text-ink">
              <time dateTime={message.handledAt!}>{formatDateTime(message.handledAt!)}</time>
              {message.handledBy ? ` by ${message.handledBy.email}` : null}
            </dd>
          </>
        ) : null}
      </dl>

      <Card className="mt-6 p-5">
        <h2 className="sr-only">Message</h2>
        {/* Shown exactly as written: text, never markup; line breaks and spaces kept. */}
        <p className="font-sans text-base leading-relaxed break-words whitespace-pre-wrap text-ink">
          {message.message}
        </p>
      </Card>

      <div className="mt-6 flex flex-wrap gap-3">
        <a href={replyMailto(message)} className={buttonClassName({ size: 'md' })}>
          <Mail aria-hidden="true" className="size-4" />
          Reply by email
        </a>
        {handled ? (
          <Button variant="secondary" disabled={update.isPending} onClick={() => setHandled(false)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {update.isPending ? 'Re-opening...' : 'Re-open'}
          </Button>
        ) : (
          <Button variant="secondary" disabled={update.isPending} onClick={() => setHandled(true)}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {update.isPending ? 'Saving...' : 'Mark as handled'}
          </Button>
        )}
      </div>
    </article>
  );
}
