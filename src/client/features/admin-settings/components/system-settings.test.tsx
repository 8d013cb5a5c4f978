// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPaymentService, HealthCheck } from '#shared/contracts/admin-settings';
import type { SiteSettings } from '#shared/contracts/site';
import { createQueryClient } from '#client/lib/query-client';
import { json, stubApi } from '#client/test/render-app';
import { reloadPage } from '../reload-page';
import { supportChanges } from './support-settings';
import { SystemSettings } from './system-settings';
import { settle } from '#client/test/settle';
import { stubResizeObserver } from '#client/test/stub-resize-observer';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));
vi.mock('../reload-page', () => ({ RELOAD_DELAY_MS: 1500, reloadPage: vi.fn() }));

const supportSettings = {
  support_enabled: 'true',
  support_tier_1_amount: '7',
  support_tier_1_description: 'Story Support',
};
const platform = { platformName: 'Relatos', platformDescription: '', supportEmail: '' };
const services: AdminPaymentService[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    serviceName: 'stripe',
    isEnabled: false,
    description: 'Card payments',
    available: true,
    detail: 'Card payments through the built-in test checkout (STRIPE_SECRET_KEY is not set).',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    serviceName: 'paypal',
    isEnabled: false,
    description: 'Online wallet',
    available: false,
    detail: 'Needs PAYPAL_URL (the wallet page) before its button shows.',
  },
];
const healthy: HealthCheck = {
  healthy: true,
  checkedAt: '2026-03-01T12:00:00.000Z',
  checks: {
    authentication: { ok: true, message: 'Signed in as admin@example.com' },
    database: { ok: true, message: 'Database is reachable' },
    storage: { ok: true, message: 'Storage is reachable' },
    translation: { ok: true, message: 'Apertium answered in 12 ms.' },
  },
};

type Routes = Parameters<typeof stubApi>[0];
const baseRoutes: Routes = {
  'GET /api/admin/logo': () => json(200, { logo: null }),
  'GET /api/admin/platform-settings': () => json(200, { settings: platform }),
  'GET /api/admin/publishing-settings': () =>
    json(200, { settings: { unreviewedMachineOutput: 'publish-marked' } }),
  'GET /api/admin/support-settings': () => json(200, { settings: supportSettings }),
  'GET /api/admin/payment-services': () => json(200, { services }),
  'GET /api/site/settings': () => json(200, { images: {}, values: {}, logo: null }),
  'GET /api/tracking-tags': () => json(200, { tags: [] }),
};

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

let queryClient: QueryClient;
function renderSettings(routes: Routes = {}) {
  const fetchMock = stubApi({ ...baseRoutes, ...routes });
  queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <SystemSettings />
    </QueryClientProvider>,
  );
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, url: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === url && (init?.method ?? 'GET') === method,
  );
const section = (name: string) => screen.getByRole('region', { name });

/**
 * Fakes the clock for a test. Testing Library drives a fake clock itself when it recognises one
 * through the `jest` global (its waits advance it); vitest's clock is the same kind, so it is
 * offered under that name.
 */
function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // Radix's Switch measures itself; jsdom has no ResizeObserver.
  stubResizeObserver();
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('System Settings', () => {
  it('shows the six sections with the saved values', async () => {
    renderSettings();
    expect(await screen.findByText('The default Relatos logo.')).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Logo & Branding',
      'Platform Settings',
      'Publishing',
      'Support Settings',
      'Payment Services',
      'System Actions',
    ]);
    expect(await screen.findByLabelText('Platform name')).toHaveValue('Relatos');
    expect(await screen.findByRole('switch', { name: 'Enable support section' })).toBeChecked();
    const amount = screen.getByLabelText('First tier amount (USD)');
    expect(amount).toHaveValue(7);
    expect(amount).toHaveAttribute('step', '1');
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('max', '1000');
    expect(screen.getByLabelText('First tier description')).toHaveAttribute('maxlength', '50');
    expect(await screen.findByRole('switch', { name: 'Stripe (card payments)' })).not.toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'PayPal (online wallet)' }),
    ).toHaveAccessibleDescription('Needs PAYPAL_URL (the wallet page) before its button shows.');
  });

  describe('Publishing', () => {
    it('saves whether unreviewed machine translations may be published, with its button', async () => {
      const fetchMock = renderSettings({
        'PUT /api/admin/publishing-settings': (init) =>
          json(200, { settings: bodyOf(init) as object }),
      });
      const group = await within(section('Publishing')).findByRole('group', {
        name: 'Unreviewed machine translations',
      });
      const allowed = within(group).getByRole('radio', { name: /May be published/ });
      const reviewFirst = within(group).getByRole('radio', {
        name: /Must be reviewed before publishing/,
      });
      expect(allowed).toBeChecked();
      expect(allowed).toHaveAccessibleDescription(
        expect.stringContaining('Learners see them marked as machine translation.'),
      );

      await userEvent.click(reviewFirst);
      // Choosing alone saves nothing: the arrow keys walk through a radio group.
      await settle();
      expect(calls(fetchMock, 'PUT', '/api/admin/publishing-settings')).toHaveLength(0);
      await userEvent.click(
        within(section('Publishing')).getByRole('button', { name: 'Save Publishing Settings' }),
      );
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
      const [request] = calls(fetchMock, 'PUT', '/api/admin/publishing-settings');
      expect(bodyOf(request![1])).toEqual({ unreviewedMachineOutput: 'review-first' });
      expect(reviewFirst).toBeChecked();
    });
  });

  describe('Logo & Branding', () => {
    it('refuses an address that is neither https nor one of our files, without a request', async () => {
      const fetchMock = renderSettings();
      const url = await screen.findByLabelText('Logo URL');
      await userEvent.type(url, 'http://example.com/logo.png');
      await userEvent.click(screen.getByRole('button', { name: 'Update Logo' }));
      expect(url).toHaveAccessibleDescription(
        expect.stringContaining('Logo URL must be an https:// address or a path under /api/files/'),
      );
      expect(url).toHaveAttribute('aria-invalid', 'true');
      expect(calls(fetchMock, 'PUT', '/api/admin/logo')).toHaveLength(0);
    });

    it('saves a new logo, shows it and puts it in the header at once', async () => {
      const saved = {
        id: '33333333-3333-4333-8333-333333333333',
        logoUrl: '/api/files/uploads/branding/logo.png',
        altText: 'Relatos stories',
        createdAt: '2026-03-01T12:00:00.000Z',
      };
      const fetchMock = renderSettings({
        'PUT /api/admin/logo': () => json(200, { logo: saved }),
      });
      queryClient.setQueryData<SiteSettings>(['site', 'settings'], {
        images: {},
        values: {},
        logo: null,
      });
      await userEvent.type(await screen.findByLabelText('Logo URL'), saved.logoUrl);
      const alt = screen.getByLabelText('Alt text');
      await userEvent.clear(alt);
      await userEvent.type(alt, 'Relatos stories');
      await userEvent.click(screen.getByRole('button', { name: 'Update Logo' }));

      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Logo updated'));
      const [request] = calls(fetchMock, 'PUT', '/api/admin/logo');
      expect(bodyOf(request![1])).toEqual({ logoUrl: saved.logoUrl, altText: 'Relatos stories' });
      expect(
        within(section('Logo & Branding')).getByRole('img', { name: 'Relatos stories' }),
      ).toHaveAttribute('src', saved.logoUrl);
      expect(queryClient.getQueryData<SiteSettings>(['site', 'settings'])?.logo).toEqual({
        url: saved.logoUrl,
        altText: 'Relatos stories',
      });
      // The browser's HTTP copy of the site settings is replaced too, for the next page load.
      await waitFor(() =>
        expect(calls(fetchMock, 'GET', '/api/site/settings')[0]?.[1]?.cache).toBe('reload'),
      );
    });

    it("shows the server's reason when it refuses the logo", async () => {
      renderSettings({
        'PUT /api/admin/logo': () =>
          json(400, {
            error: { code: 'VALIDATION_ERROR', message: 'No file was found at this path' },
          }),
      });
      await userEvent.type(
        await screen.findByLabelText('Logo URL'),
        '/api/files/uploads/missing.png',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Update Logo' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('No file was found at this path');
      expect(toast.success).not.toHaveBeenCalled();
    });
  });

  describe('Platform Settings', () => {
    it('saves the name, description and support email', async () => {
      const fetchMock = renderSettings({
        'PUT /api/admin/platform-settings': (init) => json(200, { settings: bodyOf(init) }),
      });
      queryClient.setQueryData<SiteSettings>(['site', 'settings'], {
        images: {},
        values: { featured_story_title: 'kept' },
        logo: null,
      });
      const name = await screen.findByLabelText('Platform name');
      await userEvent.clear(name);
      await userEvent.type(name, 'Relatos Audio');
      await userEvent.type(screen.getByLabelText('Description'), 'Spanish through stories.');
      await userEvent.type(screen.getByLabelText('Support email'), 'help@relatos.example');
      await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
      const [request] = calls(fetchMock, 'PUT', '/api/admin/platform-settings');
      expect(bodyOf(request![1])).toEqual({
        platformName: 'Relatos Audio',
        platformDescription: 'Spanish through stories.',
        supportEmail: 'help@relatos.example',
      });
      // Every page of this browser names the platform anew at once, and after a reload too.
      expect(queryClient.getQueryData<SiteSettings>(['site', 'settings'])?.values).toEqual({
        featured_story_title: 'kept',
        platform_name: 'Relatos Audio',
        platform_description: 'Spanish through stories.',
        support_email: 'help@relatos.example',
      });
      await waitFor(() =>
        expect(calls(fetchMock, 'GET', '/api/site/settings')[0]?.[1]?.cache).toBe('reload'),
      );
    });

    it('refuses an empty name and a malformed email', async () => {
      const fetchMock = renderSettings();
      await userEvent.clear(await screen.findByLabelText('Platform name'));
      await userEvent.type(screen.getByLabelText('Support email'), 'not-an-email');
      await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
      expect(screen.getByText('Platform name is required')).toBeVisible();
      expect(screen.getByText('Please enter a valid email address')).toBeVisible();
      expect(calls(fetchMock, 'PUT', '/api/admin/platform-settings')).toHaveLength(0);
    });
  });

  describe('Support Settings', () => {
    it("saves only the changed keys and says 'Settings saved'", async () => {
      const fetchMock = renderSettings({
        'PATCH /api/admin/support-settings': () =>
          json(200, { settings: { ...supportSettings, support_tier_1_amount: '12' } }),
      });
      const amount = await screen.findByLabelText('First tier amount (USD)');
      await userEvent.clear(amount);
      await userEvent.type(amount, '12');
      await userEvent.click(screen.getByRole('button', { name: 'Save Support Settings' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
      const [request] = calls(fetchMock, 'PATCH', '/api/admin/support-settings');
      expect(bodyOf(request![1])).toEqual({ support_tier_1_amount: 12 });
    });

    it('switches the support section off', async () => {
      const fetchMock = renderSettings({
        'PATCH /api/admin/support-settings': () =>
          json(200, { settings: { ...supportSettings, support_enabled: 'false' } }),
      });
      await userEvent.click(await screen.findByRole('switch', { name: 'Enable support section' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save Support Settings' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
      const [request] = calls(fetchMock, 'PATCH', '/api/admin/support-settings');
      expect(bodyOf(request![1])).toEqual({ support_enabled: 'false' });
    });

    it('tells the admin when the settings could not be saved', async () => {
      renderSettings({
        'PATCH /api/admin/support-settings': () =>
          json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
      });
      const description = await screen.findByLabelText('First tier description');
      await userEvent.type(description, ' Plus');
      await userEvent.click(screen.getByRole('button', { name: 'Save Support Settings' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', {
          description: 'Failed to save support settings. Please try again.',
        }),
      );
      expect(toast.success).not.toHaveBeenCalled();
    });

    it.each([
      ['0', 'Enter a whole number from 1 to 1000'],
      ['1001', 'Enter a whole number from 1 to 1000'],
      ['2.5', 'Enter a whole number from 1 to 1000'],
      ['', 'Enter a whole number from 1 to 1000'],
    ])('refuses the amount %j', (amount, message) => {
      const result = supportChanges(supportSettings as never, {
        enabled: true,
        amount,
        description: 'Story Support',
      });
      expect(result).toEqual({ errors: { amount: message } });
    });

    it('refuses an empty or too long description', () => {
      const form = { enabled: true, amount: '7' };
      expect(supportChanges(supportSettings as never, { ...form, description: '  ' })).toEqual({
        errors: { description: 'Description is required' },
      });
      expect(
        supportChanges(supportSettings as never, { ...form, description: 'a'.repeat(51) }),
      ).toEqual({ errors: { description: 'Description must be at most 50 characters' } });
      expect(
        supportChanges(supportSettings as never, { ...form, description: ' a'.repeat(25) }),
      ).toEqual({ changes: { support_tier_1_description: 'a '.repeat(24) + 'a' } });
    });

    it('shows a refused amount next to the field, without a request', async () => {
      const fetchMock = renderSettings();
      const amount = await screen.findByLabelText('First tier amount (USD)');
      await userEvent.clear(amount);
      await userEvent.type(amount, '1001');
      await userEvent.click(screen.getByRole('button', { name: 'Save Support Settings' }));
      expect(amount).toHaveAccessibleDescription('Enter a whole number from 1 to 1000');
      expect(calls(fetchMock, 'PATCH', '/api/admin/support-settings')).toHaveLength(0);
    });
  });

  describe('Payment Services', () => {
    it('switches a service on as soon as it is flipped', async () => {
      const fetchMock = renderSettings({
        'PATCH /api/admin/payment-services/stripe': () =>
          json(200, { service: { ...services[0], isEnabled: true } }),
      });
      const stripe = await screen.findByRole('switch', { name: 'Stripe (card payments)' });
      await userEvent.click(stripe);
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
      expect(stripe).toBeChecked();
      const [request] = calls(fetchMock, 'PATCH', '/api/admin/payment-services/stripe');
      expect(bodyOf(request![1])).toEqual({ isEnabled: true });
    });

    it('puts the switch back when the change fails', async () => {
      renderSettings({
        'PATCH /api/admin/payment-services/paypal': () =>
          json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
      });
      const paypal = await screen.findByRole('switch', { name: 'PayPal (online wallet)' });
      await userEvent.click(paypal);
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', {
          description: 'Failed to update payment service. Please try again.',
        }),
      );
      expect(paypal).not.toBeChecked();
    });
  });

  describe('System Actions', () => {
    it('runs the health check and lists each result', async () => {
      renderSettings({ 'GET /api/admin/health-check': () => json(200, healthy) });
      await userEvent.click(await screen.findByRole('button', { name: 'System Health Check' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('System Healthy', expect.anything()),
      );
      const results = screen.getByRole('status', { name: 'Health check results' });
      expect(results).toHaveTextContent('Authentication OK — Signed in as admin@example.com');
      expect(results).toHaveTextContent('Database OK — Database is reachable');
      expect(results).toHaveTextContent('Storage OK — Storage is reachable');
      expect(results).toHaveTextContent('Translation services OK — Apertium answered in 12 ms.');
    });

    it("says 'System Issues Detected' with the failing checks", async () => {
      const failing: HealthCheck = {
        ...healthy,
        healthy: false,
        checks: {
          ...healthy.checks,
          storage: { ok: false, message: 'Storage listing failed' },
          translation: {
            ok: false,
            message: 'DeepL failed: the key was refused: check DEEPL_API_KEY (HTTP 403).',
          },
        },
      };
      renderSettings({ 'GET /api/admin/health-check': () => json(200, failing) });
      await userEvent.click(await screen.findByRole('button', { name: 'System Health Check' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('System Issues Detected', {
          description:
            'Storage: Storage listing failed. Translation services: DeepL failed: the key was refused: check DEEPL_API_KEY (HTTP 403).',
        }),
      );
      const results = screen.getByRole('status', { name: 'Health check results' });
      expect(results).toHaveTextContent('Storage Failed — Storage listing failed');
      expect(results).toHaveTextContent('Translation services Failed — DeepL failed');
    });

    it('says when the health check could not run', async () => {
      renderSettings({
        'GET /api/admin/health-check': () =>
          json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } }),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'System Health Check' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Error', {
          description: 'Unable to complete system health check',
        }),
      );
    });

    it('clears the cached queries and reloads the page 1.5 s later', async () => {
      const fetchMock = renderSettings({
        'POST /api/admin/cache/clear': () => json(200, { cleared: true }),
      });
      await screen.findByLabelText('Platform name');
      queryClient.setQueryData(['stories'], { stories: [] });
      await userEvent.click(screen.getByRole('button', { name: 'Clear Cache' }));
      const started = Date.now();
      expect(await screen.findByText('Cache cleared. Reloading...')).toBeVisible();
      expect(calls(fetchMock, 'POST', '/api/admin/cache/clear')).toHaveLength(1);
      for (const url of ['/api/site/settings', '/api/tracking-tags']) {
        expect(calls(fetchMock, 'GET', url).map(([, init]) => init?.cache)).toEqual(['reload']);
      }
      expect(queryClient.getQueryData(['stories'])).toBeUndefined();
      expect(reloadPage).not.toHaveBeenCalled();
      // A timer never fires early, so the lower bound holds however busy the machine is.
      await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(toast.error).not.toHaveBeenCalled();
    });

    it('says so when the cache could not be cleared, and does not reload', async () => {
      useFakeClock();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderSettings({
        'POST /api/admin/cache/clear': () =>
          json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
      });
      await user.click(await screen.findByRole('button', { name: 'Clear Cache' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Cache clear failure', {
          description: 'Failed to clear cache completely. Please try again.',
        }),
      );
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(reloadPage).not.toHaveBeenCalled();
    });

    it('shows Backup Database and Export User Data, which do nothing (the spec gives them no behaviour)', async () => {
      const fetchMock = renderSettings();
      await screen.findByLabelText('Platform name');
      const before = fetchMock.mock.calls.length;
      await userEvent.click(screen.getByRole('button', { name: 'Backup Database' }));
      await userEvent.click(screen.getByRole('button', { name: 'Export User Data' }));
      await settle();
      expect(fetchMock.mock.calls.length).toBe(before);
      expect(toast.success).not.toHaveBeenCalled();
      expect(toast.error).not.toHaveBeenCalled();
      expect(reloadPage).not.toHaveBeenCalled();
    });
  });
});
