// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSupporters } from '#shared/contracts/admin-supporters';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';

const overview: AdminSupporters = {
  stats: {
    totalSupporters: 2,
    totalRevenue: [
      { currency: 'usd', amount: 4700 },
      { currency: 'eur', amount: 1000 },
    ],
    latestSupportAt: '2026-03-01T12:00:00.000Z',
    totalPayments: 3,
  },
  supporters: [
    {
      userId: 'u-ben',
      email: 'ben@example.com',
      fullName: null,
      grantedAt: '2026-02-20T12:00:00.000Z',
      membershipLevel: 'lifetime',
    },
    {
      userId: 'u-ana',
      email: 'ana@example.com',
      fullName: 'Ana Díaz',
      grantedAt: '2026-01-10T12:00:00.000Z',
      membershipLevel: 'lifetime',
    },
  ],
  payments: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      userId: null,
      email: null,
      fullName: null,
      amount: 1500,
      currency: 'usd',
      description: 'Story Pack',
      createdAt: '2026-03-01T12:00:00.000Z',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      userId: 'u-ben',
      email: 'ben@example.com',
      fullName: null,
      amount: 2500,
      currency: 'usd',
      description: 'Champion',
      createdAt: '2026-02-20T12:00:00.000Z',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      userId: 'u-ana',
      email: 'ana@example.com',
      fullName: 'Ana Díaz',
      amount: 1000,
      currency: 'eur',
      description: null,
      createdAt: '2026-01-15T12:00:00.000Z',
    },
  ],
};

const empty: AdminSupporters = {
  stats: { totalSupporters: 0, totalRevenue: [], latestSupportAt: null, totalPayments: 0 },
  supporters: [],
  payments: [],
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('Supporters screen', () => {
  it('shows the three figures, the supporters and the payments, newest first', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/supporters': () => json(200, overview),
    });
    renderApp('/admin/supporters');
    expect(await screen.findByRole('heading', { level: 1, name: 'Supporters' })).toBeVisible();
    expect(await screen.findByText('Total Supporters')).toBeVisible();
    expect(stat('Total Supporters')).toHaveTextContent('2');
    expect(stat('Total Revenue')).toHaveTextContent('$47.00 · €10.00');
    expect(stat('Latest Support')).toHaveTextContent('Mar 1, 2026');
    expect(document.title).toBe('Relatos — Supporters');

    const supporters = screen.getByRole('region', { name: 'Lifetime Supporters' });
    const supporterRows = within(supporters).getAllByRole('row').slice(1);
    expect(supporterRows.map((row) => row.textContent)).toEqual([
      'ben@example.com—Feb 20, 2026lifetime',
      'ana@example.comAna DíazJan 10, 2026lifetime',
    ]);

    const history = screen.getByRole('region', { name: 'Payment History' });
    const paymentRows = within(history).getAllByRole('row').slice(1);
    expect(paymentRows.map((row) => row.textContent)).toEqual([
      'Deleted accountStory Pack$15.00usdMar 1, 2026',
      'ben@example.comChampion$25.00usdFeb 20, 2026',
      'ana@example.comAna Díaz€10.00eurJan 15, 2026',
    ]);
  });

  it('says so when nobody has supported yet', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/supporters': () => json(200, empty),
    });
    renderApp('/admin/supporters');
    expect(await screen.findByText('No lifetime supporters yet.')).toBeVisible();
    expect(screen.getByText('No payments yet.')).toBeVisible();
    expect(stat('Total Supporters')).toHaveTextContent('0');
    expect(stat('Total Revenue')).toHaveTextContent('$0.00');
    expect(stat('Latest Support')).toHaveTextContent('None yet');
  });

  it("shows 'Loading supporters...' first, and a way to try again after an error", async () => {
    let fail = true;
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/supporters': () =>
        fail
          ? json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } })
          : json(200, overview),
    });
    renderApp('/admin/supporters');
    expect(await screen.findByText('Loading supporters...')).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Supporters unavailable');

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Payment History' })).toBeVisible();
  });
});
