// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removedWithAccount } from '#shared/account-data';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { timezoneOffsetQuery } from '#client/lib/api/review/get-review-summary';
import { initTheme, THEME_STORAGE_KEY } from '#client/lib/theme';
import { json, renderApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { stubResizeObserver } from '#client/test/stub-resize-observer';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const HOME_HEADING = 'Master Spanish with stories you can listen to';
const profile = { ...userFixture };
delete (profile as Partial<typeof userFixture>).emailVerified;
const preferences = {
  playbackSpeed: 1,
  autoPlayNext: false,
  showTranslations: false,
  preferredLanguage: 'en',
  theme: 'light',
  updatedAt: null,
};
const fail =
  (status: number, code = 'INTERNAL_ERROR', message = 'Failed') =>
  () =>
    json(status, { error: { code, message } });

type Routes = Parameters<typeof stubApi>[0];

/** A signed-in user with a complete profile; `routes` add or replace answers. */
function stubProfile(routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/session': sessionOf(userFixture),
    'GET /api/stories': () => json(200, { stories: [] }),
    'GET /api/me/profile': () => json(200, { profile }),
    'GET /api/me/preferences': () => json(200, { preferences }),
    'GET /api/me/statistics': () =>
      json(200, {
        statistics: {
          storiesCompleted: 3,
          listeningMinutes: 125,
          achievementsCount: 2,
          averageProgress: 64,
        },
      }),
    'GET /api/me/achievements': () =>
      json(200, {
        achievements: [
          {
            key: 'first-story',
            title: 'First Story',
            description: 'Finished a story',
            earnedAt: '2025-01-05T00:00:00.000Z',
          },
          {
            key: 'marathon',
            title: 'Marathon',
            description: 'Listened for an hour',
            earnedAt: '2025-03-01T00:00:00.000Z',
          },
        ],
      }),
    'GET /api/me/membership': () =>
      json(200, {
        membership: { hasLifetimeAccess: true, grantedAt: null, membershipLevel: 'lifetime' },
      }),
    ...routes,
  });
}

const patchBodies = (mock: ReturnType<typeof stubApi>, url: string) =>
  mock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openProfile(routes: Routes = {}) {
  const fetchMock = stubProfile(routes);
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Your Profile' });
  return { fetchMock, user };
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  // Radix Slider measures its thumb; jsdom has no ResizeObserver.
  stubResizeObserver();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.clear();
  localStorage.setItem(THEME_STORAGE_KEY, 'light');
  initTheme();
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.className = '';
});

describe('/profile', () => {
  it('sends a visitor to /auth', async () => {
    stubApi({ 'GET /api/auth/session': sessionOf(null) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  it('offers placement, or its retake with the last result', async () => {
    await openProfile({ 'GET /api/me/placement': () => json(200, { placement: null }) });
    const level = section('Your Level');
    expect(await within(level).findByRole('link', { name: 'Find My Level' })).toHaveAttribute(
      'href',
      '/placement?next=%2Fprofile',
    );
    cleanup();
    await openProfile({
      'GET /api/me/placement': () =>
        json(200, {
          placement: {
            level: 'Advanced',
            knownWordsEstimate: 600,
            siteWords: 690,
            levels: [],
            takenAt: '2026-11-29T10:00:00.000Z',
          },
        }),
    });
    const retake = await within(section('Your Level')).findByRole('link', {
      name: 'Retake Placement',
    });
    expect(retake).toHaveAttribute('href', '/placement?next=%2Fprofile');
    expect(
      within(section('Your Level')).getByText(
        /started you at Advanced and counts 600 common words/,
      ),
    ).toBeVisible();
  });

  it('shows the name, email, role, supporter badge, statistics and achievements newest first', async () => {
    await openProfile();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Ana García')).toBeVisible();
    expect(within(main).getByText('ana@example.com')).toBeVisible();
    expect(within(main).getByText('User')).toBeVisible();
    expect(await within(main).findByText('Lifetime Supporter')).toBeVisible();

    const stats = section('Statistics');
    const stat = (label: string) =>
      within(stats).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await within(stats).findByText('Stories Completed');
    expect(stat('Stories Completed')).toBe('3');
    expect(stat('Listening Minutes')).toBe('125');
    expect(stat('Achievements')).toBe('2');
    expect(stat('Average Progress')).toBe('64%');

    const achievements = section('Achievements');
    await within(achievements).findByText('Marathon');
    expect(
      within(achievements)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Marathon', 'First Story']);
  });

  it("saves the full name, says 'Profile updated' and shows it in the header", async () => {
    const { fetchMock, user } = await openProfile({
      'PATCH /api/me/profile': () =>
        json(200, { profile: { ...profile, fullName: 'Ana María López' } }),
    });
    const details = section('Profile');
    const name = within(details).getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, '  Ana María López ');
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated'));
    expect(patchBodies(fetchMock, '/api/me/profile')).toEqual([{ fullName: 'Ana María López' }]);
    // The header's avatar initials follow the new name.
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Account menu' }),
    ).toHaveTextContent('AL');
  });

  it('says when the name could not be saved', async () => {
    const { user } = await openProfile({ 'PATCH /api/me/profile': fail(500) });
    const details = section('Profile');
    await user.type(within(details).getByLabelText('Full Name'), ' Jr');
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update profile. Please try again.'),
    );
  });

  it("saves each preference as it changes and says 'Preferences updated'", async () => {
    const { fetchMock, user } = await openProfile({
      'GET /api/translate/languages': () => json(200, { languages: ['en', 'fr', 'de'] }),
      'PATCH /api/me/preferences': (init) =>
        json(200, {
          preferences: { ...preferences, ...(JSON.parse(String(init?.body)) as object) },
        }),
    });
    const form = section('Preferences');
    await user.click(await within(form).findByRole('checkbox', { name: /Auto-play next/ }));
    await within(form).findByRole('option', { name: 'Français (French)' });
    await waitFor(() =>
      expect(within(form).getByRole('checkbox', { name: /Auto-play next/ })).toBeChecked(),
    );
    await user.click(within(form).getByRole('checkbox', { name: /Show translations/ }));
    await user.selectOptions(within(form).getByLabelText('Translation language'), 'fr');
    expect(within(form).getByText('The language translations are shown in.')).toBeVisible();

    const speed = within(form).getByRole('slider', { name: 'Playback speed' });
    expect(speed).toHaveAttribute('aria-valuemin', '0.5');
    expect(speed).toHaveAttribute('aria-valuemax', '2');
    speed.focus();
    await user.keyboard('{ArrowRight}');

    await waitFor(() =>
      expect(patchBodies(fetchMock, '/api/me/preferences')).toEqual([
        { autoPlayNext: true },
        { showTranslations: true },
        { preferredLanguage: 'fr' },
        { playbackSpeed: 1.25 },
      ]),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(4));
    expect(toast.success).toHaveBeenCalledWith('Preferences updated');
    expect(within(form).getByText('1.25×')).toBeVisible();
  });

  it('offers only the translation languages this site can serve (decision 038)', async () => {
    await openProfile({
      'GET /api/translate/languages': () => json(200, { languages: ['en'] }),
    });
    const form = section('Preferences');
    // Only English: said in words, not a menu of one.
    expect(
      await within(form).findByText(
        'English — more languages appear when a translation service is configured',
      ),
    ).toBeVisible();
    expect(within(form).getByRole('group', { name: 'Translation language' })).toBeVisible();
    expect(within(form).queryByRole('combobox', { name: 'Translation language' })).toBeNull();
  });

  it('keeps the menu when several translation languages can be served', async () => {
    await openProfile({
      'GET /api/translate/languages': () => json(200, { languages: ['en', 'fr'] }),
    });
    const form = section('Preferences');
    await within(form).findByRole('option', { name: 'Français (French)' });
    const select = within(form).getByRole('combobox', { name: 'Translation language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Français (French)']);
    expect(within(form).queryByText(/more languages appear when a translation service/)).toBeNull();
  });

  it('shows a stored language that cannot be served as English, with a note', async () => {
    await openProfile({
      'GET /api/me/preferences': () =>
        json(200, { preferences: { ...preferences, preferredLanguage: 'fr' } }),
      'GET /api/translate/languages': () => json(200, { languages: ['en'] }),
    });
    const form = section('Preferences');
    expect(
      await within(form).findByText(
        'English — more languages appear when a translation service is configured',
      ),
    ).toBeVisible();
    expect(
      within(form).getByText(
        'Shown in English: French translations are not available on this site.',
      ),
    ).toBeVisible();
  });

  it('applies a theme at once, across the app, and saves it', async () => {
    const { fetchMock, user } = await openProfile({
      'PATCH /api/me/preferences': () =>
        json(200, { preferences: { ...preferences, theme: 'dark' } }),
    });
    const form = section('Preferences');
    await user.click(await within(form).findByRole('radio', { name: 'Dark' }));

    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() =>
      expect(patchBodies(fetchMock, '/api/me/preferences')).toEqual([{ theme: 'dark' }]),
    );
    expect(within(form).getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('puts a preference back when it could not be saved', async () => {
    const { user } = await openProfile({ 'PATCH /api/me/preferences': fail(500) });
    const form = section('Preferences');
    const autoPlay = await within(form).findByRole('checkbox', { name: /Auto-play next/ });
    await user.click(autoPlay);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update preferences. Please try again.'),
    );
    expect(autoPlay).not.toBeChecked();

    await user.click(within(form).getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(within(form).getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  describe('avatar', () => {
    const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

    it.each([
      [
        'a GIF',
        new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'a.gif', { type: 'image/gif' }),
        'File type not allowed',
      ],
      [
        'a renamed file',
        new File([new Uint8Array([1, 2, 3, 4])], 'a.png', { type: 'image/png' }),
        'File content does not match declared type',
      ],
      [
        'an image over 5 MB',
        new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
        'File size exceeds 5MB limit',
      ],
    ])('refuses %s with the file check message before uploading', async (_label, file, message) => {
      const { fetchMock, user } = await openProfile();
      await user.upload(fileInput(), file);
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/me/avatar')).toBe(false);
    });

    it('uploads a valid image and shows it in the header', async () => {
      const { fetchMock, user } = await openProfile({
        'POST /api/me/avatar': () =>
          json(200, { profile: { ...profile, avatarUrl: '/media/uploads/ana.png' } }),
      });
      const file = new File([new Uint8Array(PNG)], 'me.png', { type: 'image/png' });
      expect(fileInput()).toHaveAttribute(
        'accept',
        'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
      );
      await user.upload(fileInput(), file);

      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Avatar updated'));
      const call = fetchMock.mock.calls.find(([url]) => url === '/api/me/avatar')!;
      expect(call[1]?.method).toBe('POST');
      expect((call[1]?.body as FormData).get('file')).toBeInstanceOf(File);
      const header = screen.getByRole('banner');
      expect(header.querySelector('img')).toHaveAttribute('src', '/media/uploads/ana.png');
    });
  });

  describe('delete account', () => {
    it('says what it removes from the server and the device, and what is kept', async () => {
      await openProfile();
      const deletion = section('Delete Account');
      expect(
        within(deletion)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(Object.values(removedWithAccount));
      for (const words of [
        /saved words and sentences, with their review cards/,
        /review history \(every answer you gave\)/,
        /listening sessions/,
        /the chapters downloaded with it, the pages and answers you saw and the changes not sent yet/,
      ]) {
        expect(within(deletion).getByText(words)).toBeVisible();
      }
      expect(within(deletion).getByRole('link', { name: 'what we keep' })).toHaveAttribute(
        'href',
        '/privacy#privacy-deletion',
      );
    });

    it('asks for the password, refuses a wrong one, then deletes, signs out and goes to /', async () => {
      // What this account and another left waiting on the device (decision 057); the server
      // fails for now, so this account's entries wait rather than leave.
      const other = '99999999-9999-4999-8999-999999999999';
      const chapterId = '22222222-2222-4222-8222-222222222222';
      const entriesOf = (userId: string) =>
        JSON.stringify([
          {
            id: `${userId}-progress`,
            kind: 'progress',
            madeAt: 1_700_000_000_000,
            data: { chapterId, positionSeconds: 12, durationSeconds: 60, deviceId: 'this-device' },
          },
          {
            id: `${userId}-bookmark`,
            kind: 'bookmark',
            madeAt: 1_700_000_000_001,
            data: { op: 'delete', id: userId, chapterId },
          },
          {
            id: `${userId}-answer`,
            kind: 'review-answer',
            madeAt: 1_700_000_000_002,
            data: { answerId: userId, itemId: chapterId, rating: 3, reviewedAt: 1 },
          },
        ]);
      for (const userId of [userFixture.id, other]) {
        localStorage.setItem(syncStoreKey(userId), entriesOf(userId));
      }
      const waiting = () => localStorage.getItem(syncStoreKey(userFixture.id));
      const unavailable = () =>
        json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again later' } });
      let correct = false;
      const { fetchMock, user } = await openProfile({
        'POST /api/progress': unavailable,
        [`DELETE /api/bookmarks/${userFixture.id}`]: unavailable,
        [`POST /api/me/review/answers?${timezoneOffsetQuery()}`]: unavailable,
        'DELETE /api/account': () =>
          correct
            ? new Response(null, { status: 204 })
            : json(401, {
                error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
              }),
      });
      await user.click(
        within(section('Delete Account')).getByRole('button', { name: 'Delete account' }),
      );
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });

      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your password');

      await user.type(within(dialog).getByLabelText('Password'), 'wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(await within(dialog).findByText('The password is not correct.')).toBeVisible();
      expect(waiting()).toBe(entriesOf(userFixture.id));

      correct = true;
      await user.clear(within(dialog).getByLabelText('Password'));
      await user.type(within(dialog).getByLabelText('Password'), 'Secreto123');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

      expect(await screen.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' }),
      ).toBeVisible();
      const deletes = fetchMock.mock.calls.filter(([url]) => url === '/api/account');
      expect(deletes.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
        { password: 'wrong' },
        { password: 'Secreto123' },
      ]);
      expect(toast.success).toHaveBeenCalledWith('Account deleted', expect.anything());
      // The deleted account's waiting changes are gone unsent; the other account's stay.
      await waitFor(() => expect(waiting()).toBeNull());
      expect(localStorage.getItem(syncStoreKey(other))).toBe(entriesOf(other));
    });
  });
});
