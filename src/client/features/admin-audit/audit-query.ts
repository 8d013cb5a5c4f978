import { auditActions, type AuditAction } from '#shared/contracts/audit';

/**
 * What the audit log viewer shows, kept in the address (`?action=role_changed&user=ana&from=
 * 2025-06-01&to=2025-06-30&page=2`): the dates are days of the admin's own calendar, both
 * included.
 */
export interface AuditView {
  action: AuditAction | null;
  user: string;
  /** 'YYYY-MM-DD' or '' (no bound). */
  from: string;
  to: string;
  page: number;
}

export const emptyAuditView: AuditView = { action: null, user: '', from: '', to: '', page: 1 };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight that starts a 'YYYY-MM-DD' day, or null when it is not a real day. */
function startOfDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  const real =
    start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date;
  return real ? start : null;
}

const isAction = (value: string | null): value is AuditAction =>
  (auditActions as readonly (string | null)[]).includes(value);

/** The view an address asks for; what it garbles is left out. */
export function auditViewFrom(params: URLSearchParams): AuditView {
  const action = params.get('action');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    action: isAction(action) ? action : null,
    user: (params.get('user') ?? '').trim(),
    from: startOfDay(from) ? from : '',
    to: startOfDay(to) ? to : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view: only what is set. */
export function auditSearchOf(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.action) params.set('action', view.action);
  if (view.user.trim()) params.set('user', view.user.trim());
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The end day comes before the start day: nothing could match, so nothing is asked. */
export const isReversedRange = (view: Pick<AuditView, 'from' | 'to'>): boolean =>
  view.from !== '' && view.to !== '' && view.to < view.from;

/**
 * The API's query (GET /api/admin/audit): the days become moments, `from` the start of the
 * first day and `to` the start of the day after the last (exclusive), in the admin's time zone.
 */
export function auditApiQuery(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.action) params.set('action', view.action);
  if (view.user.trim()) params.set('user', view.user.trim());
  const from = startOfDay(view.from);
  if (from) params.set('from', from.toISOString());
  const to = startOfDay(view.to);
  if (to) {
    // The next local midnight (a day is not always 24 hours long where clocks change).
    const next = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
    params.set('to', next.toISOString());
  }
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
