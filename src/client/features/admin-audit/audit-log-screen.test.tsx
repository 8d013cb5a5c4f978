// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#shared/contracts/admin-audit';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';
import { settle } from '#client/test/settle';

const roleChange: AuditEntry = {
  id: '77777777-7777-4777-8777-777777777777',
  createdAt: '2025-06-01T12:00:00.000Z',
  action: 'role_changed',
  actor: { kind: 'user', userId: adminFixture.id, email: 'admin@example.com' },
  target: { userId: 'u1', email: 'ana@example.com' },
  details: { from: 'user', to: 'admin', targetUserId: 'u1' },
  ipAddress: '203.0.113.9',
};
const failedSignIn: AuditEntry = {
  id: '88888888-8888-4888-8888-888888888888',
  createdAt: '2025-05-31T08:00:00.000Z',
  action: 'failed_signin',
  actor: { kind: 'visitor', userId: null, email: null },
  target: null,
  details: { email: 'who@example.com', reason: 'invalid_credentials' },
  ipAddress: null,
};
const jobSave: AuditEntry = {
  id: '99999999-9999-4999-8999-999999999999',
  createdAt: '2025-05-30T08:00:00.000Z',
  action: 'transcript_saved',
  actor: { kind: 'system', userId: null, email: null },
  target: null,
  details: { chapter_id: 'c1', version: 2, approved: false, changedFields: ['a', 'b'] },
  ipAddress: null,
};

const pageOf = (entries: AuditEntry[], total = entries.length, page = 1) =>
  json(200, { entries, page, pageSize: 25, total });

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const urlsOf = (mock: ReturnType<typeof stubApi>) =>
  mock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/audit'));

describe('audit log', () => {
  it('shows when, who, the action in words, its target and readable details', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/audit': () => pageOf([roleChange, failedSignIn, jobSave]),
    });
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await screen.findByText('Role changed', { selector: 'dd' });
    const [role, failed, job] = screen
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');

    expect(within(role!).getByText(/Jun 01, 2025/)).toBeVisible();
    expect(within(role!).getByText('admin@example.com')).toBeVisible();
    expect(within(role!).getByText('from 203.0.113.9')).toBeVisible();
    expect(within(role!).getByText('Role changed')).toBeVisible();
    expect(within(role!).getByText('Target: ana@example.com')).toBeVisible();
    const detailLines = within(role!)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(detailLines).toEqual(['From: user', 'To: admin', 'Target user ID: u1']);

    expect(within(failed!).getByText('Visitor')).toBeVisible();
    expect(within(failed!).getByText('Sign-in failed')).toBeVisible();
    expect(failed).toHaveTextContent('Email: who@example.com');

    expect(within(job!).getByText('System')).toBeVisible();
    expect(within(job!).getByText('Transcript saved')).toBeVisible();
    expect(job).toHaveTextContent('Approved: no');
    expect(job).toHaveTextContent('Changed fields: a, b');
    expect(job).toHaveTextContent('Chapter ID: c1');
  });

  it('asks the API for the chosen event type, user and days, from the first page', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/audit?page=2': () => pageOf([roleChange], 30, 2),
      'GET /api/admin/audit?action=role_changed': () => pageOf([roleChange]),
      'GET /api/admin/audit?action=role_changed&user=ana': () => pageOf([roleChange]),
    });
    renderApp('/admin/audit?page=2');
    expect(await screen.findByText('Role changed', { selector: 'dd' })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Event type'), 'role_changed');
    await waitFor(() =>
      expect(urlsOf(fetchMock)).toContain('/api/admin/audit?action=role_changed'),
    );
    await userEvent.type(screen.getByLabelText('User email'), 'ana');
    await waitFor(() =>
      expect(urlsOf(fetchMock)).toContain('/api/admin/audit?action=role_changed&user=ana'),
    );
    // One request per pause, not one per letter.
    expect(urlsOf(fetchMock).filter((url) => url.includes('user='))).toEqual([
      '/api/admin/audit?action=role_changed&user=ana',
    ]);
  });

  it('sends the chosen days as the start of the first and of the day after the last', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/session': sessionOf(adminFixture) });
    renderApp('/admin/audit?from=2025-06-01&to=2025-06-30');
    await waitFor(() => expect(urlsOf(fetchMock)).toHaveLength(1));
    const query = new URL(urlsOf(fetchMock)[0]!, 'http://x').searchParams;
    expect(new Date(query.get('from')!).getTime()).toBe(new Date(2025, 5, 1).getTime());
    expect(new Date(query.get('to')!).getTime()).toBe(new Date(2025, 6, 1).getTime());
    expect(screen.getByLabelText('From')).toHaveValue('2025-06-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-06-30');
  });

  it('refuses a reversed range without asking the API', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/session': sessionOf(adminFixture) });
    renderApp('/admin/audit?from=2025-06-10&to=2025-06-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The end date cannot be before the start date.',
    );
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    await settle();
    expect(urlsOf(fetchMock)).toEqual([]);
  });

  it('pages, and clears every filter at once', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/audit?action=role_changed': () => pageOf([roleChange], 30),
      'GET /api/admin/audit?action=role_changed&page=2': () => pageOf([failedSignIn], 30, 2),
      'GET /api/admin/audit': () => pageOf([jobSave]),
    });
    renderApp('/admin/audit?action=role_changed');
    const pages = await screen.findByRole('navigation', { name: 'Audit log pages' });
    expect(pages).toHaveTextContent('Showing 1–25 of 30 entries');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Sign-in failed', { selector: 'dd' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Transcript saved', { selector: 'dd' })).toBeVisible();
    expect(screen.getByLabelText('Event type')).toHaveValue('');
    expect(urlsOf(fetchMock).at(-1)).toBe('/api/admin/audit');
  });

  it('says when nothing matches', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/audit?action=story_deleted': () => pageOf([]),
    });
    renderApp('/admin/audit?action=story_deleted');
    expect(await screen.findByText('Nothing in the log matches these filters.')).toBeVisible();
  });
});
