import {
  contactCategories,
  inboxStatuses,
  type ContactCategory,
  type InboxStatus,
} from '#shared/contracts/admin-inbox';

/** What the inbox shows, kept in the address (`?status=open&category=billing&page=2`). */
export interface InboxView {
  status: InboxStatus;
  category: ContactCategory | null;
  page: number;
}

/** Where the dashboard's count leads: the open messages. */
export const OPEN_INBOX_PATH = '/admin/inbox?status=open';

const isStatus = (value: string | null): value is InboxStatus =>
  (inboxStatuses as readonly (string | null)[]).includes(value);
const isCategory = (value: string | null): value is ContactCategory =>
  (contactCategories as readonly (string | null)[]).includes(value);

/** The view an address asks for; what it garbles falls back to the first page of open messages. */
export function inboxViewFrom(params: URLSearchParams): InboxView {
  const status = params.get('status');
  const category = params.get('category');
  const page = Number(params.get('page') ?? '1');
  return {
    status: isStatus(status) ? status : 'open',
    category: isCategory(category) ? category : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view: only what differs from the first page is written, status always. */
export function inboxSearchOf(view: InboxView): URLSearchParams {
  const params = new URLSearchParams({ status: view.status });
  if (view.category) params.set('category', view.category);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
