import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Search, X } from 'lucide-react';
import { auditActionsByGroup } from '#shared/audit-actions';
import { AUDIT_USER_SEARCH_MAX_LENGTH } from '#shared/contracts/admin-audit';
import type { AuditAction } from '#shared/contracts/audit';
import { Button } from '#client/components/ui/button';
import { Input, inputClassName, Label } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { Pagination } from '#client/components/ui/pagination';
import { Spinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { useDebouncedValue } from '#client/lib/use-debounced-value';
import { useAuditLog } from '../api/get-audit-log';
import {
  auditSearchOf,
  auditViewFrom,
  emptyAuditView,
  isReversedRange,
  type AuditView,
} from '../audit-query';
import { AuditEntryItem } from './audit-entry-item';

/** Typing pauses this long before the log is asked for again. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

const actionGroups = auditActionsByGroup();

const reversedRangeText = 'The end date cannot be before the start date.';

/** The audit log viewer (issue 12): every recorded event, filtered, newest first. */
export function AuditLogScreen() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const view = auditViewFrom(params);
  const log = useAuditLog(view);
  const reversed = isReversedRange(view);

  // The address holds the view; the e-mail box is typed into state and reaches the address
  // (and the API) once typing pauses.
  const [user, setUser] = useState(view.user);
  const settledUser = useDebouncedValue(user, USER_SEARCH_DEBOUNCE_MS);
  const show = (next: Partial<AuditView>, options?: { replace?: boolean }) =>
    setParams(auditSearchOf({ ...view, page: 1, ...next }), options);
  useEffect(() => {
    if (settledUser.trim() !== view.user) show({ user: settledUser }, { replace: true });
    // Only a settled change of the box moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledUser]);

  const filtered = view.action !== null || view.user !== '' || view.from !== '' || view.to !== '';

  return (
    <div className="max-w-[90rem]">
      <PageHeading
        title="Audit Log"
        lead="Sign-ins, account events and every change an administrator made: who, when and what."
      />

      <form
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          show({ user });
        }}
        className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto_auto_auto] lg:items-end"
      >
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-action`}>Event type</Label>
          <select
            id={`${id}-action`}
            value={view.action ?? ''}
            onChange={(event) =>
              show({
                action: event.target.value === '' ? null : (event.target.value as AuditAction),
              })
            }
            className={cn(inputClassName, 'h-10 text-sm')}
          >
            <option value="">All events</option>
            {actionGroups.map(({ group, actions }) => (
              <optgroup key={group} label={group}>
                {actions.map(({ action, label }) => (
                  <option key={action} value={action}>
                    {label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-user`}>User email</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
            />
            <Input
              id={`${id}-user`}
              type="search"
              value={user}
              maxLength={AUDIT_USER_SEARCH_MAX_LENGTH}
              onChange={(event) => setUser(event.target.value)}
              placeholder="Part of an email address…"
              autoComplete="off"
              className="h-10 pl-9 text-sm"
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={view.from}
            max={view.to || undefined}
            onChange={(event) => show({ from: event.target.value })}
            className="h-10 text-sm lg:w-40"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={view.to}
            min={view.from || undefined}
            onChange={(event) => show({ to: event.target.value })}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-range` : undefined}
            className="h-10 text-sm lg:w-40"
          />
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="col-span-2 h-10 self-end justify-self-start lg:col-span-1"
          disabled={!filtered}
          onClick={() => {
            setUser('');
            setParams(auditSearchOf(emptyAuditView));
          }}
        >
          <X aria-hidden="true" className="size-4" />
          Clear filters
        </Button>
        {reversed ? (
          <p
            id={`${id}-range`}
            role="alert"
            className="text-sm font-medium text-accent-ink col-span-2 lg:col-span-5"
          >
            {reversedRangeText}
          </p>
        ) : null}
      </form>

      <section aria-labelledby={`${id}-entries`} className="mt-6 space-y-4">
        <h2 id={`${id}-entries`} className="sr-only">
          Entries
        </h2>
        {reversed ? null : log.isPending ? (
          <Spinner label="Loading the audit log..." className="py-16" />
        ) : log.isError ? (
          <Notice
            tone="error"
            title="Audit log unavailable"
            headingLevel={3}
            action={
              <Button variant="secondary" size="sm" onClick={() => void log.refetch()}>
                Try Again
              </Button>
            }
          >
            {log.error.message || 'Error loading the audit log. Please try again.'}
          </Notice>
        ) : log.data.entries.length === 0 ? (
          <Notice title="No entries" headingLevel={3}>
            {view.page > 1
              ? 'This page is past the end of the log.'
              : filtered
                ? 'Nothing in the log matches these filters.'
                : 'Nothing has been recorded yet.'}
          </Notice>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden gap-4 px-4 text-xs font-semibold tracking-wide text-ink-muted uppercase lg:grid lg:grid-cols-[9.5rem_minmax(0,14rem)_minmax(0,1fr)_minmax(0,1.25fr)]"
            >
              <span>When</span>
              <span>Who</span>
              <span>Action</span>
              <span>Details</span>
            </div>
            <ol
              aria-label="Audit log entries"
              className="space-y-3"
              aria-busy={log.isPlaceholderData}
            >
              {log.data.entries.map((entry) => (
                <AuditEntryItem key={entry.id} entry={entry} />
              ))}
            </ol>
            <Pagination
              {...log.data}
              label="Audit log pages"
              noun={{ one: 'entry', other: 'entries' }}
              busy={log.isPlaceholderData}
              onPageChange={(page) => show({ page })}
            />
          </>
        )}
      </section>
    </div>
  );
}
