// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportStatus } from '#shared/contracts/support';
import { AuthProvider } from '#client/lib/auth/auth-provider';
import { createQueryClient } from '#client/lib/query-client';
import { json, renderApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { SupportSection } from './components/support-section';
import { customAmountFrom } from './support-rules';
import { settle } from '#client/test/settle';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const status: SupportStatus = {
  enabled: true,
  tiers: [
    { id: 'tier_1', amount: 7, description: 'Story Support' },
    { id: 'story_pack', amount: 15, description: 'Story Pack' },
    { id: 'champion', amount: 25, description: 'Champion' },
  ],
  card: { enabled: true, sandbox: false },
  wallet: { enabled: false, url: null },
};

function renderSection() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter>
          <SupportSection />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/** A stand-in for the tab window.open returns. */
function fakeTab() {
  return {
    opener: {} as unknown,
    closed: false,
    close: vi.fn(),
    location: { href: '' },
    document: { title: '', body: { textContent: '' } },
  };
}

const fail = (status: number) => () =>
  json(status, { error: { code: 'INTERNAL_ERROR', message: 'Failed' } });

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('customAmountFrom', () => {
  it('accepts whole dollars from 1 to 1000 only', () => {
    expect(customAmountFrom('1')).toBe(1);
    expect(customAmountFrom(' 1000 ')).toBe(1000);
    for (const value of ['', '0', '-1', '0.5', '2.5', '1001', '1e2', 'abc']) {
      expect(customAmountFrom(value)).toBeNull();
    }
  });
});

describe('<SupportSection />', () => {
  it('stays hidden when support is not enabled, or its status cannot be read', async () => {
    for (const answer of [() => json(200, { ...status, enabled: false }), fail(500)]) {
      const mock = stubApi({
        'GET /api/auth/session': sessionOf(userFixture),
        'GET /api/support/status': answer,
      });
      renderSection();
      await waitFor(() =>
        expect(mock.mock.calls.some(([url]) => url === '/api/support/status')).toBe(true),
      );
      await settle();
      expect(screen.queryByRole('region')).toBeNull();
      expect(screen.queryByRole('heading')).toBeNull();
      cleanup();
    }
  });

  it('invites a visitor to create an account first, on the sign-up form', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(null),
      'GET /api/support/status': () => json(200, status),
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Join to Support Us' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Account & Support' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.queryByRole('button', { name: /Story Support/ })).toBeNull();
  });

  it('keeps the custom button disabled while the amount is empty or below 1', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/support/status': () => json(200, status),
    });
    const user = userEvent.setup();
    renderSection();
    const amount = await screen.findByLabelText('Custom amount (USD)');
    const button = screen.getByRole('button', { name: 'Support' });
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('step', '1');
    expect(button).toBeDisabled();
    await user.type(amount, '0');
    expect(button).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '5');
    expect(button).toBeEnabled();
  });

  it('opens the checkout in a new tab with only the tier id sent', async () => {
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    let release: () => void = () => undefined;
    const mock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/support/status': () => json(200, status),
      'POST /api/payments/donations': () =>
        new Promise((resolve) => {
          release = () =>
            resolve(json(201, { url: 'https://checkout.example/cs_1', sessionId: 'cs_1' }));
        }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: /\$15\s*Story Pack/ }));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(await screen.findByText('Processing your support...')).toBeVisible();
    release();
    await waitFor(() => expect(tab.location.href).toBe('https://checkout.example/cs_1'));
    const call = mock.mock.calls.find(([url]) => url === '/api/payments/donations');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ tier: 'story_pack' });
    await waitFor(() => expect(screen.queryByText('Processing your support...')).toBeNull());
  });

  it("says 'Failed to process support' and closes the tab when the donation fails", async () => {
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/support/status': () => json(200, status),
      'POST /api/payments/donations': fail(503),
    });
    const user = userEvent.setup();
    renderSection();
    await user.type(await screen.findByLabelText('Custom amount (USD)'), '12');
    await user.click(screen.getByRole('button', { name: 'Support' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Failed to process support. Please try again.',
      }),
    );
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows the wallet button only when its service status says enabled', async () => {
    const withWallet = { ...status, wallet: { enabled: true, url: 'https://paypal.example/d' } };
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/support/status': () => json(200, withWallet),
      'GET /api/payments/services/paypal/status': () => json(200, { is_enabled: true }),
    });
    renderSection();
    const link = await screen.findByRole('link', { name: /Donate with PayPal/ });
    expect(link).toHaveAttribute('href', 'https://paypal.example/d');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    cleanup();

    const mock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/support/status': () => json(200, withWallet),
      'GET /api/payments/services/paypal/status': fail(500),
    });
    renderSection();
    await screen.findByRole('heading', { name: 'Support Relatos' });
    await waitFor(() =>
      expect(mock.mock.calls.some(([url]) => url === '/api/payments/services/paypal/status')).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('link', { name: /Donate with PayPal/ })).toBeNull();
  });
});

describe('/support-success', () => {
  const membership = { hasLifetimeAccess: true, grantedAt: null, membershipLevel: 'lifetime' };

  it('verifies, then toasts lifetime access for 8 s and refreshes the membership', async () => {
    const mock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/payments/verify': () =>
        json(200, { payment_status: 'paid', amountCents: 700, newlyGranted: true }),
      'GET /api/me/membership': () => json(200, { membership }),
    });
    const { queryClient } = renderApp('/support-success?amount=7&session_id=cs_sandbox_abc');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(
      await screen.findByRole('heading', { name: 'Thank You for Your Support!' }),
    ).toBeVisible();
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith(
      'Lifetime Access Granted!',
      expect.objectContaining({ duration: 8000 }),
    );
    const verify = mock.mock.calls.find(([url]) => url === '/api/payments/verify');
    expect(JSON.parse(String(verify?.[1]?.body))).toEqual({ session_id: 'cs_sandbox_abc' });
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me', 'membership'] }),
    );
  });

  it('does not toast when lifetime access was already held', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/payments/verify': () =>
        json(200, { payment_status: 'paid', amountCents: 2500, newlyGranted: false }),
    });
    renderApp('/support-success?amount=25&session_id=cs_sandbox_abc');
    expect(await screen.findByText(/Your \$25 payment is confirmed/)).toBeVisible();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows a pending payment with a way to check again, and unknown ones as not found', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/payments/verify': () =>
        json(200, { payment_status: 'pending', amountCents: 700, newlyGranted: false }),
    });
    renderApp('/support-success?amount=7&session_id=cs_1');
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Check Again' })).toBeVisible();
    cleanup();

    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/payments/verify': () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Payment not found' } }),
    });
    renderApp('/support-success?amount=7&session_id=cs_2');
    expect(await screen.findByRole('heading', { name: 'Payment Not Found' })).toBeVisible();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in, and names nothing without a session id', async () => {
    const mock = stubApi({ 'GET /api/auth/session': sessionOf(null) });
    renderApp('/support-success?amount=7&session_id=cs_1');
    expect(
      await screen.findByRole('heading', { name: 'Sign In to Confirm Your Support' }),
    ).toBeVisible();
    expect(mock.mock.calls.some(([url]) => url === '/api/payments/verify')).toBe(false);
    cleanup();

    stubApi({ 'GET /api/auth/session': sessionOf(userFixture) });
    renderApp('/support-success');
    expect(await screen.findByRole('heading', { name: 'Support Payment' })).toBeVisible();
    expect(screen.getByText(/There is no payment to verify here/)).toBeVisible();
  });
});
