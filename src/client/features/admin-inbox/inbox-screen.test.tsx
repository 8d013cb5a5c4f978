// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminInboxListResponse,
  InboxMessage,
  InboxMessageSummary,
} from '#shared/contracts/admin-inbox';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const ID = '66666666-6666-4666-8666-666666666666';

const summary: InboxMessageSummary = {
  id: ID,
  category: 'billing',
  subject: 'Refund <b>please</b> & thanks',
  name: 'Carmen Ruiz',
  email: 'carmen+test@example.com',
  createdAt: '2025-06-01T12:00:00.000Z',
  handledAt: null,
};

const fullMessage: InboxMessage = {
  ...summary,
  message: 'Hola,\n\n  <script>alert(1)</script> is text here.\nGracias',
  handledBy: null,
  fromAccount: false,
};

const page = (messages: InboxMessageSummary[], extra: Partial<AdminInboxListResponse> = {}) =>
  json(200, {
    messages,
    page: 1,
    pageSize: 20,
    total: messages.length,
    counts: { open: 1, handled: 4 },
    ...extra,
  });

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('inbox list', () => {
  it('lists open messages with category, subject, sender and date, and filters', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/inbox?status=open': () => page([summary]),
      'GET /api/admin/inbox?status=handled': () => page([]),
      'GET /api/admin/inbox?status=handled&category=technical': () => page([]),
    });
    renderApp('/admin/inbox?status=open');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const item = (await screen.findByRole('link', { name: summary.subject })).closest('li')!;
    expect(within(item).getByText('Billing/Payments')).toBeVisible();
    expect(within(item).getByText('Open')).toBeVisible();
    expect(item).toHaveTextContent('Carmen Ruiz <carmen+test@example.com>');
    expect(within(item).getByText(/Jun 01, 2025/)).toBeVisible();
    expect(screen.getByRole('link', { name: summary.subject })).toHaveAttribute(
      'href',
      `/admin/inbox/${ID}`,
    );
    const status = screen.getByRole('group', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'Open (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(within(status).getByRole('button', { name: 'Handled (4)' }));
    expect(await screen.findByText('No message has been marked handled yet.')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'technical');
    expect(
      await screen.findByText('No message has been marked handled in Technical Issue yet.'),
    ).toBeVisible();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/admin/inbox?status=handled&category=technical');
  });

  it('pages through the list', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/inbox?status=all': () => page([summary], { total: 45 }),
      'GET /api/admin/inbox?status=all&page=2': () =>
        page([{ ...summary, subject: 'Second page' }], { total: 45, page: 2 }),
    });
    renderApp('/admin/inbox?status=all');
    const pages = await screen.findByRole('navigation', { name: 'Inbox pages' });
    expect(pages).toHaveTextContent('Showing 1–20 of 45 messages');
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Second page' })).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/admin/inbox?status=all&page=2',
    );
  });
});

describe('inbox message', () => {
  it('shows the message exactly as written, a reply link, and marks it handled', async () => {
    let patched: unknown;
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      [`GET /api/admin/inbox/${ID}`]: () => json(200, { message: fullMessage }),
      [`PATCH /api/admin/inbox/${ID}`]: (init) => {
        patched = JSON.parse(String(init?.body));
        return json(200, {
          message: {
            ...fullMessage,
            handledAt: '2025-06-02T09:30:00.000Z',
            handledBy: { id: adminFixture.id, email: adminFixture.email },
          },
        });
      },
    });
    renderApp(`/admin/inbox/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Refund <b>please</b> & thanks' }),
    ).toBeVisible();
    // Text, never markup: the tags are characters on the page.
    const body = screen.getByText(/is text here/);
    expect(body.textContent).toBe(fullMessage.message);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('Carmen Ruiz <carmen+test@example.com>')).toBeVisible();

    expect(screen.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      'mailto:carmen%2Btest@example.com?subject=Re%3A%20Refund%20%3Cb%3Eplease%3C%2Fb%3E%20%26%20thanks',
    );
    expect(screen.getByRole('link', { name: 'Back to inbox' })).toHaveAttribute(
      'href',
      '/admin/inbox?status=open',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Mark as handled' }));
    expect(await screen.findByRole('button', { name: 'Re-open' })).toBeVisible();
    expect(patched).toEqual({ handled: true });
    expect(toast.success).toHaveBeenCalledWith('Marked as handled');
    expect(screen.getByText(/by admin@example.com/)).toBeVisible();
  });

  it('says so when the message does not exist', async () => {
    stubApi({ 'GET /api/auth/session': sessionOf(adminFixture) });
    renderApp(`/admin/inbox/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Message not found' }),
    ).toBeVisible();
  });

  it('toasts a failure and keeps the message open', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      [`GET /api/admin/inbox/${ID}`]: () => json(200, { message: fullMessage }),
      [`PATCH /api/admin/inbox/${ID}`]: () =>
        json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }),
    });
    renderApp(`/admin/inbox/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as handled' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not update the message', {
        description: 'Something went wrong',
      }),
    );
    expect(screen.getByRole('button', { name: 'Mark as handled' })).toBeEnabled();
  });
});
