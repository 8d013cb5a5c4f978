// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminFile } from '#shared/contracts/admin-files';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';
import { stubResizeObserver } from '#client/test/stub-resize-observer';
import { FIRST_RENDER } from '#client/test/first-render';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const transcript: AdminFile = {
  id: '33333333-3333-4333-8333-000000000002',
  filename: 't.json',
  originalFilename: 'capitulo-uno.json',
  fileType: 'application/json',
  fileSize: 1536,
  bucketName: 'trans',
  filePath: '2026/01/t.json',
  uploadDate: '2026-01-15T10:00:00.000Z',
  publicUrl: null,
  uses: [],
  unused: false,
};

const baseRoutes: Parameters<typeof stubApi>[0] = {
  'GET /api/auth/session': sessionOf(adminFixture),
  'GET /api/admin/stories': () => json(200, { stories: [] }),
  'GET /api/site/settings': () => json(200, { images: {}, values: {}, logo: null }),
};

const openTab = async (name: string) => {
  await userEvent.click(await screen.findByRole('tab', { name }, FIRST_RENDER));
  return screen.getByRole('tabpanel', { name });
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  // Radix's Switch measures itself; jsdom has no ResizeObserver.
  stubResizeObserver();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Content Management tabs', { timeout: 20_000 }, () => {
  it('keeps an upload, its queue and the switch to Manage Files while another tab is open', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      ...baseRoutes,
      'GET /api/admin/files': () => json(200, { files: [transcript] }),
      'POST /api/admin/files?bucket=trans': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/admin/content');
    const upload = await openTab('Upload');
    await userEvent.upload(
      within(upload).getByLabelText('Choose transcripts'),
      new File(['{"segments":[]}'], 'capitulo-uno.json', { type: 'application/json' }),
    );
    expect(await within(upload).findByText('Uploading 10%')).toBeInTheDocument();

    // The admin leaves for Stories while the file is on its way.
    await userEvent.click(screen.getByRole('tab', { name: 'Stories' }));
    // Hidden by its class only (jsdom applies no styles): still mounted, marked inactive.
    expect(upload).toHaveAttribute('data-state', 'inactive');
    expect(upload).toHaveClass('data-[state=inactive]:hidden');
    const { uses: _uses, unused: _unused, ...stored } = transcript;
    answer(json(201, { file: stored }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Transcript Uploaded', {
        description: 'capitulo-uno.json',
      }),
    );

    // Back on Upload: the batch ended on Manage Files, and the queue kept the item.
    await userEvent.click(screen.getByRole('tab', { name: 'Upload' }));
    expect(upload).toHaveAttribute('data-state', 'active');
    expect(within(upload).getByRole('tab', { name: 'Manage Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await within(upload).findByRole('heading', { name: 'capitulo-uno.json' }),
    ).toBeInTheDocument();
    await userEvent.click(within(upload).getByRole('tab', { name: 'Upload Files' }));
    expect(within(upload).getByText('Uploaded')).toBeInTheDocument();
    expect(within(upload).getByLabelText('Upload progress for capitulo-uno.json')).toHaveAttribute(
      'value',
      '100',
    );
  });

  it("titles the Settings tab 'System Settings', with its sections one level below", async () => {
    stubApi({
      ...baseRoutes,
      'GET /api/admin/logo': () => json(200, { logo: null }),
      'GET /api/admin/platform-settings': () =>
        json(200, {
          settings: { platformName: 'Relatos', platformDescription: '', supportEmail: '' },
        }),
      'GET /api/admin/support-settings': () =>
        json(200, {
          settings: {
            support_enabled: 'true',
            support_tier_1_amount: '7',
            support_tier_1_description: 'Story Support',
          },
        }),
      'GET /api/tracking-tags': () => json(200, { tags: [] }),
      'GET /api/admin/payment-services': () => json(500, { error: { code: 'X', message: 'x' } }),
    });
    renderApp('/admin/content');
    const settings = await openTab('Settings');

    expect(within(settings).getByRole('region', { name: 'System Settings' })).toBeInTheDocument();
    expect(
      within(settings)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['System Settings']);
    expect(
      within(settings)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Logo & Branding',
      'Platform Settings',
      'Publishing',
      'Support Settings',
      'Payment Services',
      'System Actions',
    ]);
    // Headings inside a section sit below its title: the actions, and a section's load error.
    expect(
      within(settings).getByRole('heading', { level: 4, name: 'System Health Check' }),
    ).toBeInTheDocument();
    expect(
      await within(settings).findByRole('heading', {
        level: 4,
        name: 'Payment services unavailable',
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
