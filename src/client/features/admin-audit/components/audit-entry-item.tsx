import { auditActionLabel, auditDetailLines } from '#shared/audit-actions';
import type { AuditEntry } from '#shared/contracts/admin-audit';
import { formatDate, formatTime } from '#client/lib/format-date-time';

/** Who acted, in words: the person's address, or a visitor, or the system. */
function actorText(actor: AuditEntry['actor']): string {
  if (actor.kind === 'visitor') return 'Visitor';
  if (actor.kind === 'system') return 'System';
  return actor.email ?? 'Deleted account';
}

const label = 'text-xs font-semibold tracking-wide text-ink-muted uppercase lg:sr-only';

/**
 * One audit entry: when, who, what (and about whom), and the details as `key: value` lines. The
 * labels are visible on narrow screens and read out on wide ones, where the list's header row
 * names the columns.
 */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const details = auditDetailLines(entry.details);
  return (
    <li className="rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-ink/5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-[9.5rem_minmax(0,14rem)_minmax(0,1fr)_minmax(0,1.25fr)] lg:gap-4">
        <div className="space-y-0.5">
          <dt className={label}>When</dt>
          <dd className="text-ink tabular-nums">
            <time dateTime={entry.createdAt}>
              <span className="whitespace-nowrap">{formatDate(entry.createdAt)}</span>
              {/* A comma for the ear and for narrow screens, where both parts share a line. */}
              <span className="lg:hidden">, </span>{' '}
              <span className="whitespace-nowrap text-ink-muted lg:block">
                {formatTime(entry.createdAt)}
              </span>
            </time>
          </dd>
        </div>
        <div className="min-w-0 space-y-0.5">
          <dt className={label}>Who</dt>
          <dd className="font-medium break-words text-ink" data-actor-kind={entry.actor.kind}>
            {actorText(entry.actor)}
          </dd>
          {entry.ipAddress ? (
            <dd className="text-xs break-words text-ink-muted">from {entry.ipAddress}</dd>
          ) : null}
        </div>
        <div className="min-w-0 space-y-0.5">
          <dt className={label}>Action</dt>
          <dd className="font-semibold break-words text-ink">{auditActionLabel(entry.action)}</dd>
          {entry.target ? (
            <dd className="break-words text-ink-muted">
              Target: {entry.target.email ?? 'a deleted account'}
            </dd>
          ) : null}
        </div>
        <div className="min-w-0 space-y-0.5 sm:col-span-2 lg:col-span-1">
          <dt className={label}>Details</dt>
          <dd className="text-ink">
            {details.length === 0 ? (
              <span className="text-ink-muted">—</span>
            ) : (
              <ul className="space-y-0.5">
                {details.map((line) => (
                  <li key={line.key} className="break-words">
                    <span className="text-ink-muted">{line.label}:</span> {line.value}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
