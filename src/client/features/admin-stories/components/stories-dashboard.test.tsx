// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chapterMissingPart,
  isChapterPublishable,
  type AdminStory,
} from '#shared/contracts/admin-stories';
import type { Job } from '#shared/contracts/jobs';
import type { ReviewState, UnreviewedCounts } from '#shared/contracts/publishing';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';
import { settle } from '#client/test/settle';
import { FIRST_RENDER } from '#client/test/first-render';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const chapter = (n: number): AdminStory['chapters'][number] => ({
  id: `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`,
  title: `Capítulo ${n}`,
  position: n,
  duration: 60,
  audioFileId: 'a.m4a',
  transcriptFileId: 't.json',
});

const story = (n: number, overrides: Partial<AdminStory> = {}): AdminStory => ({
  id: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`,
  slug: `story-${n}`,
  title: `Story ${n}`,
  description: null,
  language: 'Spanish',
  level: 'Beginner',
  position: n,
  status: 'draft',
  requiresLogin: true,
  newWordsCount: 0,
  imageUrl: null,
  publishedAt: null,
  createdAt: new Date(2025, 0, 5, 12).toISOString(),
  chapters: [],
  cover: 'none',
  complete: false,
  hasUnpublishedChanges: false,
  revisionPublishedAt: null,
  removedChapters: [],
  ...overrides,
});

const faro = story(1, {
  title: 'Las cartas del faro',
  description: 'Letters by the sea',
  status: 'published',
  publishedAt: new Date(2025, 1, 14, 12).toISOString(),
  imageUrl: '/api/files/series-images/faro.webp',
  chapters: [chapter(1), chapter(2)],
  cover: 'present',
  complete: true,
  requiresLogin: false,
});
const olivos = story(2, { title: 'Los olivos', level: 'Advanced' });
const paraguas = story(3, { title: 'El paraguas rojo', level: 'Intermediate' });

let library: AdminStory[];

const nothing: UnreviewedCounts = {
  machineTranslations: 0,
  missingTranslations: 0,
  machineGlosses: 0,
  missingGlosses: 0,
  doubtfulTimings: 0,
};

/**
 * A story's review state: the chapters learners would see with what is unreviewed in each
 * (nothing by default), and those left out for want of audio or transcript, as the server says.
 */
const reviewStateOf = (
  item: AdminStory,
  action: ReviewState['action'],
  unreviewed: UnreviewedCounts[] = [],
  policy: ReviewState['policy'] = 'publish-marked',
): ReviewState => {
  const leftOut = item.chapters.flatMap((entry, index) => {
    const missing = chapterMissingPart(entry);
    return missing ? [{ id: entry.id, title: entry.title, position: index + 1, missing }] : [];
  });
  const chapters = item.chapters.filter(isChapterPublishable).map((entry, index) => ({
    id: entry.id,
    title: entry.title,
    position: index + 1,
    readable: true,
    unreviewed: unreviewed[index] ?? nothing,
  }));
  const total = { ...nothing };
  for (const counts of chapters.map((entry) => entry.unreviewed)) {
    for (const key of Object.keys(total) as (keyof UnreviewedCounts)[]) total[key] += counts[key];
  }
  return { action, policy, unreviewed: total, chapters, leftOut };
};
const reviewStateUrl = (item: AdminStory, action: ReviewState['action']) =>
  `GET /api/admin/stories/${item.id}/review-state?action=${action}`;

function stubStoriesApi(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': sessionOf(adminFixture),
    'GET /api/admin/stories': () => json(200, { stories: library }),
    'GET /api/site/settings': () => json(200, { images: {}, values: {}, logo: null }),
    ...Object.fromEntries(
      library.flatMap((item) => [
        [`GET /api/admin/stories/${item.id}`, () => json(200, { story: item })],
        ...(['publish', 'publish-changes'] as const).map((action) => [
          reviewStateUrl(item, action),
          () => json(200, { reviewState: reviewStateOf(item, action) }),
        ]),
      ]),
    ),
    ...overrides,
  });
}

const table = () => screen.findByRole('table', { name: /Stories, by position/ }, FIRST_RENDER);
const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(title) });

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  // The client error log reports every failed request on the console; these ones are expected.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
  library = [faro, olivos, paraguas];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Content Management, Stories tab', { timeout: 20_000 }, () => {
  it('shows the heading, five tabs with Stories selected, counters and the table', async () => {
    stubStoriesApi();
    renderApp('/admin/content');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content Management' }, FIRST_RENDER),
    ).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Content sections' }))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Stories', 'Upload', 'Files', 'Associate', 'Settings']);
    expect(screen.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');

    await table();
    const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(counter('Total Stories')).toHaveTextContent('3');
    expect(counter('Published')).toHaveTextContent('1');
    expect(counter('Drafts')).toHaveTextContent('2');
    expect(counter('Complete')).toHaveTextContent('1');

    const row = rowOf('Las cartas del faro');
    expect(within(row).getByText('Letters by the sea')).toBeInTheDocument();
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('Feb 14, 2025')).toBeInTheDocument();
    expect(within(row).getByText('Jan 05, 2025')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute(
      'src',
      '/api/images/series-images/faro.webp?w=64&h=48&q=80',
    );
    expect(within(row).getByRole('switch', { name: /Login required/ })).not.toBeChecked();
    expect(within(row).getByRole('link', { name: /View "Las cartas del faro"/ })).toHaveAttribute(
      'href',
      '/story/story-1',
    );
    expect(within(row).getByRole('button', { name: /Move .* up/ })).toBeDisabled();

    const draftRow = rowOf('Los olivos');
    expect(within(draftRow).getByText('Not published')).toBeInTheDocument();
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow).getByRole('switch', { name: /Login required/ })).toBeChecked();
    expect(within(rowOf('El paraguas rojo')).getByRole('button', { name: /down/ })).toBeDisabled();
  });

  it('filters by search, level and status, with the filtered empty state', async () => {
    stubStoriesApi();
    renderApp('/admin/content');
    await table();
    const user = userEvent.setup();
    const titles = () =>
      screen
        .queryAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByRole('rowheader').querySelector('p')!.textContent);

    await user.type(screen.getByRole('searchbox', { name: 'Search stories' }), 'SEA');
    expect(titles()).toEqual(['Las cartas del faro']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search stories' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Advanced');
    expect(titles()).toEqual(['Los olivos']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'All Levels');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
    expect(titles()).toEqual(['Los olivos', 'El paraguas rojo']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Beginner');
    expect(screen.getByText('No stories found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Your First Story' })).toBeNull();
  });

  it('offers to create the first story when there is none, opening the wizard', async () => {
    library = [];
    stubStoriesApi();
    renderApp('/admin/content');
    expect(await screen.findByText('No stories found', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first story')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Story' }));
    const back = screen.getByRole('button', { name: 'Back to Dashboard' });
    expect(screen.queryByText('No stories found')).toBeNull();
    await userEvent.click(back);
    expect(await screen.findByText('No stories found')).toBeInTheDocument();
  });

  it('shows the loading text, then the load error', async () => {
    let fail: (response: Response) => void = () => undefined;
    stubStoriesApi({
      'GET /api/admin/stories': () => new Promise<Response>((resolve) => (fail = resolve)),
    });
    renderApp('/admin/content');
    expect(await screen.findByText('Loading stories...', {}, FIRST_RENDER)).toBeInTheDocument();
    fail(json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }));
    expect(await screen.findByText('Error loading stories. Please try again.')).toBeInTheDocument();
  });

  it('publishes a draft and toasts, or toasts the failure', async () => {
    let answer = () =>
      json(200, {
        story: { ...olivos, status: 'published', publishedAt: new Date().toISOString() },
      });
    const fetchMock = stubStoriesApi({
      [`POST /api/admin/stories/${olivos.id}/status`]: () => answer(),
    });
    renderApp('/admin/content');
    await table();
    await userEvent.click(
      within(rowOf('Los olivos')).getByRole('button', { name: 'Publish "Los olivos"' }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Story Published', expect.anything()),
    );
    expect(
      fetchMock.mock.calls.some(([url]) => url === `/api/admin/stories/${olivos.id}/status`),
    ).toBe(true);

    answer = () => json(404, { error: { code: 'NOT_FOUND', message: 'Story not found' } });
    await userEvent.click(
      within(rowOf('Los olivos')).getByRole('button', { name: /Publish "Los olivos"/ }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Action Failed', {
        description: 'Story not found',
      }),
    );
  });

  describe('publishing what no person has reviewed (decision 043)', () => {
    const machine: UnreviewedCounts = {
      ...nothing,
      machineTranslations: 3,
      machineGlosses: 40,
      doubtfulTimings: 2,
    };
    const missing: UnreviewedCounts = { ...nothing, missingTranslations: 1 };
    const withChapters = () => {
      library = [faro, { ...olivos, chapters: [chapter(1), chapter(2), chapter(3)] }, paraguas];
      return library[1]!;
    };

    /**
     * The dashboard with a three-chapter draft whose review state is `reviewState`; presses its
     * Publish button. Returns the bodies of the publish requests it makes.
     */
    async function pressPublish(reviewState: (draft: AdminStory) => Response) {
      const draft = withChapters();
      const bodies: unknown[] = [];
      stubStoriesApi({
        [reviewStateUrl(draft, 'publish')]: () => reviewState(draft),
        [`POST /api/admin/stories/${draft.id}/status`]: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return json(200, { story: { ...draft, status: 'published' } });
        },
      });
      renderApp('/admin/content');
      await table();
      await userEvent.click(
        within(rowOf('Los olivos')).getByRole('button', { name: 'Publish "Los olivos"' }),
      );
      return { draft, bodies };
    }

    it('lists, chapter by chapter, what is unreviewed, and publishes acknowledging exactly that', async () => {
      let state: ReviewState | undefined;
      const { bodies } = await pressPublish((draft) => {
        state = reviewStateOf(draft, 'publish', [machine, nothing, missing]);
        return json(200, { reviewState: state });
      });
      const dialog = await screen.findByRole('alertdialog', { name: 'Publish Story' });
      expect(dialog).toHaveAccessibleDescription(
        'Learners will see "Los olivos" in the library. Part of it has not been reviewed yet.',
      );
      // The safe choice has the focus first.
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      const list = within(dialog).getByRole('list', { name: 'Not reviewed yet' });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        '1. Capítulo 13 machine translations · 40 machine glosses · 2 doubtful timingsReview in Studio',
        '3. Capítulo 31 sentence without a translationReview in Studio',
      ]);
      expect(
        within(items[0]!).getByRole('link', { name: 'Review in Studio: Capítulo 1' }),
      ).toHaveAttribute('href', `/admin/chapters/${chapter(1).id}/studio?mode=review`);
      expect(within(dialog).getByTestId('unreviewed-totals')).toHaveTextContent(
        'In all: 3 machine translations · 1 sentence without a translation · 40 machine glosses · 2 doubtful timings',
      );
      expect(dialog).toHaveTextContent(
        'Learners see machine translations and glosses marked "Machine translation".',
      );
      expect(bodies).toEqual([]);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Story Published', expect.anything()),
      );
      expect(bodies).toEqual([{ acknowledgeUnreviewed: state!.unreviewed }]);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    });

    it('offers no publish button when the site asks for a review first', async () => {
      const { bodies } = await pressPublish((draft) =>
        json(200, { reviewState: reviewStateOf(draft, 'publish', [machine], 'review-first') }),
      );
      const dialog = await screen.findByRole('alertdialog', { name: 'Review Needed' });
      expect(dialog).toHaveTextContent('This site asks for machine translations and glosses');
      expect(within(dialog).getByRole('link', { name: 'Settings' })).toHaveAttribute(
        'href',
        '/admin/settings',
      );
      expect(within(dialog).queryByRole('button', { name: 'Publish' })).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(bodies).toEqual([]);
    });

    it('says so when what is unreviewed cannot be read, and publishes nothing', async () => {
      const { bodies } = await pressPublish(() =>
        json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }),
      );
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Action Failed', {
          description: 'Something went wrong',
        }),
      );
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(bodies).toEqual([]);
    });
  });

  describe('publishing a story with chapters that cannot play yet (decision 063)', () => {
    it('names the chapters learners will not see and what each lacks, then publishes', async () => {
      const noTranscript = { ...chapter(2), transcriptFileId: '' };
      const nothingYet = { ...chapter(3), audioFileId: '', transcriptFileId: '', duration: null };
      const draft = { ...olivos, chapters: [chapter(1), noTranscript, nothingYet] };
      library = [faro, draft, paraguas];
      let published = 0;
      stubStoriesApi({
        [`POST /api/admin/stories/${draft.id}/status`]: () => {
          published += 1;
          return json(200, { story: { ...draft, status: 'published' } });
        },
      });
      renderApp('/admin/content');
      await table();

      // The table counts 3 chapters and marks the two learners will not see.
      const row = rowOf('Los olivos');
      await userEvent.click(within(row).getByRole('button', { name: /^Chapters of "Los olivos"/ }));
      const listed = screen.getByRole('list', { name: 'Chapters of "Los olivos"' });
      expect(
        within(listed)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '1. Capítulo 1 · 1:00Open in StudioPreview',
        '2. Capítulo 2 · 1:00Left out for learners: no transcript yetOpen in StudioPreview',
        '3. Capítulo 3Left out for learners: no audio or transcript yetOpen in StudioPreview',
      ]);

      // Nothing unreviewed, but the publish asks first instead of hiding two chapters.
      await userEvent.click(within(row).getByRole('button', { name: 'Publish "Los olivos"' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Publish Story' });
      expect(dialog).toHaveAccessibleDescription(
        'Learners will see "Los olivos" in the library. Only 1 of its 3 chapters is included: the other 2 are left out until they have their audio and transcript.',
      );
      const leftOut = within(dialog).getByRole('list', { name: 'Left out for now' });
      expect(
        within(leftOut)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '2. Capítulo 2No transcript yetOpen in Studio',
        '3. Capítulo 3No audio or transcript yet',
      ]);
      expect(
        within(leftOut).getByRole('link', { name: 'Open in Studio: Capítulo 2' }),
      ).toHaveAttribute('href', `/admin/chapters/${noTranscript.id}/studio`);
      expect(within(dialog).queryByText('Not reviewed yet')).toBeNull();
      expect(published).toBe(0);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Story Published', expect.anything()),
      );
      expect(published).toBe(1);
    });
  });

  it('flips the login requirement with its toasts', async () => {
    let ok = true;
    stubStoriesApi({
      [`POST /api/admin/stories/${faro.id}/requires-login`]: () =>
        ok
          ? json(200, { story: { ...faro, requiresLogin: true } })
          : json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }),
    });
    renderApp('/admin/content');
    await table();
    const toggle = within(rowOf('Las cartas del faro')).getByRole('switch');
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Login Requirement Updated', expect.anything()),
    );
    ok = false;
    await userEvent.click(within(rowOf('Las cartas del faro')).getByRole('switch'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update Failed', expect.anything()),
    );
  });

  it('moves a story with a toast, and says nothing when a move fails', async () => {
    let ok = true;
    const fetchMock = stubStoriesApi({
      [`POST /api/admin/stories/${olivos.id}/move`]: (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ direction: 'down' });
        return ok
          ? json(200, {
              stories: [faro, { ...paraguas, position: 2 }, { ...olivos, position: 3 }],
            })
          : json(400, {
              error: { code: 'BAD_REQUEST', message: 'There is no story below this one' },
            });
      },
    });
    renderApp('/admin/content');
    await table();
    const movePosts = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => url === `/api/admin/stories/${olivos.id}/move` && init?.method === 'POST',
      );
    await userEvent.click(within(rowOf('Los olivos')).getByRole('button', { name: /down/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Story Moved'));
    expect(movePosts()).toHaveLength(1);

    ok = false;
    toast.success.mockReset();
    library = [faro, olivos, paraguas];
    await waitFor(() =>
      expect(within(rowOf('Los olivos')).getByRole('button', { name: /down/ })).toBeEnabled(),
    );
    await userEvent.click(within(rowOf('Los olivos')).getByRole('button', { name: /down/ }));
    // The refused move was sent (and answered): the silence is the screen's, not a missing call.
    await waitFor(() => expect(movePosts()).toHaveLength(2));
    await settle();
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('moves a story with the keyboard on its handle, says where it went and keeps the focus', async () => {
    const bodies: unknown[] = [];
    stubStoriesApi({
      [`POST /api/admin/stories/${paraguas.id}/move`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, {
          stories: [faro, { ...paraguas, position: 2 }, { ...olivos, position: 3 }],
        });
      },
    });
    renderApp('/admin/content');
    await table();
    const handle = within(rowOf('El paraguas rojo')).getByRole('button', {
      name: 'Reorder "El paraguas rojo", position 3 of 3',
    });
    expect(handle).toHaveAccessibleDescription(/arrow key to move one place/);
    handle.focus();
    // Already last: nothing is sent, and it is said.
    await userEvent.keyboard('{End}');
    await waitFor(() =>
      expect(screen.getByText('"El paraguas rojo" is already last.')).toBeInTheDocument(),
    );
    expect(bodies).toEqual([]);

    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(bodies).toEqual([{ direction: 'up' }]));
    expect(
      await screen.findByText('"El paraguas rojo" moved to position 2 of 3.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(rowOf('El paraguas rojo')).getByRole('button', { name: /^Reorder "El paraguas/ }),
      ).toHaveFocus(),
    );
  });

  it("moves a story dropped on another row to that row's place", async () => {
    const bodies: unknown[] = [];
    stubStoriesApi({
      [`POST /api/admin/stories/${paraguas.id}/move`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, {
          stories: [
            { ...paraguas, position: 1 },
            { ...faro, position: 2 },
            { ...olivos, position: 3 },
          ],
        });
      },
    });
    renderApp('/admin/content');
    await table();
    const dataTransfer = {
      setData: vi.fn(),
      setDragImage: vi.fn(),
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const handle = within(rowOf('El paraguas rojo')).getByRole('button', { name: /^Reorder/ });
    fireEvent.dragStart(handle, { dataTransfer });
    const target = rowOf('Las cartas del faro');
    fireEvent.dragOver(target, { dataTransfer });
    // It comes from below: it lands above the row it is over.
    expect(target.className).toContain('inset_0_3px');
    fireEvent.drop(target, { dataTransfer });
    // The story it was dropped on, not its position: the server finds where that story is now.
    await waitFor(() => expect(bodies).toEqual([{ target: faro.id }]));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Story Moved'));
  });

  it("stacks each story's fields under its title when the table is narrow", async () => {
    // A measured table narrower than the columns need (jsdom measures every box as 0 wide).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    stubStoriesApi();
    renderApp('/admin/content');
    const stories = await table();
    expect(
      within(stories)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Position', 'Story', 'Actions']);
    const row = rowOf('Las cartas del faro');
    const story = within(row).getByRole('rowheader');
    expect(within(story).getByText('Beginner')).toBeInTheDocument();
    expect(within(story).getByText('Published')).toBeInTheDocument();
    expect(within(story).getByRole('switch', { name: /Login required/ })).not.toBeChecked();
    expect(within(story).getByRole('button', { name: /Chapters of/ })).toHaveTextContent(
      '2 chapters',
    );
    expect(story).toHaveTextContent('Published: Feb 14, 2025 · Created: Jan 05, 2025');
    expect(within(row).getByRole('link', { name: /View "Las cartas del faro"/ })).toBeVisible();
    expect(within(row).getByRole('button', { name: /Delete "Las cartas del faro"/ })).toBeVisible();
  });

  it('marks a story whose cover file is gone, which is not complete', async () => {
    library = [{ ...faro, cover: 'missing', complete: false }, olivos, paraguas];
    stubStoriesApi();
    renderApp('/admin/content');
    await table();
    const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(counter('Complete')).toHaveTextContent('0');
    expect(within(rowOf('Las cartas del faro')).getByText('Cover file missing')).toBeVisible();
  });

  it('deletes a story only after confirming', async () => {
    const fetchMock = stubStoriesApi({
      [`DELETE /api/admin/stories/${paraguas.id}`]: () => {
        library = [faro, olivos];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/content');
    await table();
    const deleteButton = () =>
      within(rowOf('El paraguas rojo')).getByRole('button', { name: /Delete/ });

    await userEvent.click(deleteButton());
    let dialog = screen.getByRole('alertdialog', { name: 'Delete Story' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(deleteButton());
    dialog = screen.getByRole('alertdialog', { name: 'Delete Story' });
    expect(dialog).toHaveTextContent('"El paraguas rojo"');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Story Deleted', expect.anything()),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('row', { name: /El paraguas rojo/ })).toBeNull();
  });

  it('toasts a failed delete', async () => {
    stubStoriesApi({
      [`DELETE /api/admin/stories/${paraguas.id}`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Story not found' } }),
    });
    renderApp('/admin/content');
    await table();
    await userEvent.click(
      within(rowOf('El paraguas rojo')).getByRole('button', { name: /Delete/ }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Delete Failed', {
        description: 'Story not found',
      }),
    );
  });

  it('opens the edit wizard for a story and comes back', async () => {
    stubStoriesApi();
    renderApp('/admin/content');
    await table();
    await userEvent.click(within(rowOf('Los olivos')).getByRole('button', { name: /Edit/ }));
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await table()).toBeInTheDocument();
  });

  it('asks before Back to Dashboard leaves unsaved changes, and stays or leaves as answered', async () => {
    stubStoriesApi();
    renderApp('/admin/content');
    await table();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create New Story' }));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await user.type(screen.getByLabelText(/Story Title/), 'Sin guardar');
    expect(await screen.findByText('Unsaved changes')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('This new story is not saved; it will be lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText(/Story Title/)).toHaveValue('Sin guardar');

    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await table()).toBeInTheDocument();
  });
});

describe(
  'Stories tab: previews, publishing changes, chapters, packages',
  { timeout: 20_000 },
  () => {
    const jobId = '77777777-7777-4777-8777-777777777777';
    const job = (overrides: Partial<Job>): Job => ({
      id: jobId,
      kind: 'align-chapter',
      status: 'queued',
      stage: '',
      progress: 0,
      error: null,
      result: null,
      subjectId: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      ...overrides,
    });
    const changed = () =>
      (library = [
        {
          ...faro,
          hasUnpublishedChanges: true,
          revisionPublishedAt: faro.publishedAt,
          removedChapters: [{ ...chapter(3), title: 'Capítulo viejo' }],
        },
        olivos,
        paraguas,
      ]);

    it('marks a published story with unpublished changes and publishes them after confirming', async () => {
      changed();
      const published = { ...library[0]!, hasUnpublishedChanges: false, removedChapters: [] };
      const fetchMock = stubStoriesApi({
        [`POST /api/admin/stories/${faro.id}/publish-changes`]: () => {
          library = [published, olivos, paraguas];
          return json(200, { story: published });
        },
      });
      renderApp('/admin/content');
      await table();
      const row = rowOf('Las cartas del faro');
      expect(within(row).getByText('Unpublished changes')).toBeInTheDocument();
      expect(within(rowOf('Los olivos')).queryByText('Unpublished changes')).toBeNull();
      expect(
        within(rowOf('Los olivos')).queryByRole('button', { name: /Publish changes/ }),
      ).toBeNull();

      await userEvent.click(
        within(row).getByRole('button', { name: 'Publish changes to "Las cartas del faro"' }),
      );
      const dialog = await screen.findByRole('alertdialog', { name: 'Publish Changes' });
      // Everything is reviewed: the usual confirmation, nothing listed.
      expect(within(dialog).queryByText('Not reviewed yet')).toBeNull();
      expect(dialog).toHaveTextContent('Learners will see "Las cartas del faro" as it is now');
      expect(dialog).toHaveTextContent('1 chapter removed since the last publish will be deleted');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Changes' }));

      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Changes Published', {
          description: 'Learners now see the latest version of "Las cartas del faro".',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(within(rowOf('Las cartas del faro')).queryByText('Unpublished changes')).toBeNull();
      expect(
        fetchMock.mock.calls.filter(
          ([url, init]) =>
            url === `/api/admin/stories/${faro.id}/publish-changes` && init?.method === 'POST',
        ),
      ).toHaveLength(1);
    });

    it('publishes nothing when the confirmation is cancelled, and toasts a failed publish', async () => {
      changed();
      let calls = 0;
      stubStoriesApi({
        [`POST /api/admin/stories/${faro.id}/publish-changes`]: () => {
          calls += 1;
          return json(404, { error: { code: 'NOT_FOUND', message: 'Story not found' } });
        },
      });
      renderApp('/admin/content');
      await table();
      const publish = () =>
        userEvent.click(
          within(rowOf('Las cartas del faro')).getByRole('button', { name: /Publish changes/ }),
        );
      await publish();
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
      );
      await settle();
      expect(calls).toBe(0);

      await publish();
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', {
          name: 'Publish Changes',
        }),
      );
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Publish Failed', {
          description: 'Story not found',
        }),
      );
      expect(calls).toBe(1);
    });

    it('previews and exports a story, and lists its chapters with the studio and previews', async () => {
      changed();
      library[0] = { ...library[0]!, chapters: [chapter(1), { ...chapter(2), duration: null }] };
      stubStoriesApi();
      renderApp('/admin/content');
      await table();
      const row = rowOf('Los olivos');
      const preview = within(row).getByRole('link', {
        name: 'Preview "Los olivos" (opens in a new tab)',
      });
      expect(preview).toHaveAttribute('href', '/story/story-2?preview=1');
      expect(preview).toHaveAttribute('target', '_blank');
      const exported = within(row).getByRole('link', {
        name: 'Export "Los olivos" as a story package',
      });
      expect(exported).toHaveAttribute('href', `/api/admin/stories/${olivos.id}/export`);
      expect(exported).toHaveAttribute('download');
      // A story without chapters has nothing to show.
      expect(within(row).queryByRole('button', { name: /Chapters of/ })).toBeNull();

      const toggle = within(rowOf('Las cartas del faro')).getByRole('button', {
        name: 'Chapters of "Las cartas del faro": 2',
      });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const list = screen.getByRole('list', { name: 'Chapters of "Las cartas del faro"' });
      const [first, second, removed] = within(list).getAllByRole('listitem');
      expect(first).toHaveTextContent('1. Capítulo 1 · 1:00');
      expect(
        within(first!).getByRole('link', { name: 'Open in Studio: Capítulo 1' }),
      ).toHaveAttribute('href', `/admin/chapters/${chapter(1).id}/studio`);
      const chapterPreview = within(second!).getByRole('link', {
        name: 'Preview: Capítulo 2 (opens in a new tab)',
      });
      expect(chapterPreview).toHaveAttribute('href', `/player/${chapter(2).id}?preview=1`);
      expect(chapterPreview).toHaveAttribute('target', '_blank');
      expect(second).toHaveTextContent('2. Capítulo 2 · Length not measured yet');
      expect(removed).toHaveTextContent('Capítulo viejo');
      expect(within(removed!).getByText('Removed at next publish')).toBeInTheDocument();
      expect(within(removed!).queryByRole('link')).toBeNull();

      await userEvent.click(toggle);
      expect(screen.queryByRole('list', { name: 'Chapters of "Las cartas del faro"' })).toBeNull();
    });

    it('imports a package as a new draft and follows the alignment of its untimed chapter', async () => {
      const untimed = { ...chapter(7), title: 'Capítulo sin tiempos', transcriptFileId: '' };
      const imported = story(4, { title: 'El faro importado', chapters: [untimed] });
      const answers = [
        job({ status: 'running', stage: 'Aligning sentences', progress: 0.4 }),
        job({ status: 'succeeded', progress: 1 }),
      ];
      const sent: FormData[] = [];
      stubStoriesApi({
        'POST /api/admin/stories/import': (init) => {
          sent.push(init!.body as FormData);
          library = [faro, olivos, paraguas, imported];
          return json(201, {
            story: imported,
            created: true,
            alignmentJobs: [job({ subjectId: untimed.id })],
          });
        },
        [`GET /api/admin/jobs/${jobId}`]: () =>
          json(200, { job: answers.length > 1 ? answers.shift()! : answers[0]! }),
      });
      renderApp('/admin/content');
      await table();
      const user = userEvent.setup();
      const zip = new File(['PK'], 'el-faro.zip', { type: 'application/zip' });
      await user.upload(screen.getByLabelText('Story package (.zip)'), zip);

      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Story Imported', {
          description: '"El faro importado" is in the list as a draft.',
        }),
      );
      expect((sent[0]!.get('file') as File).name).toBe('el-faro.zip');
      expect(await screen.findByRole('row', { name: /El faro importado/ })).toBeInTheDocument();
      expect(
        screen.getByText('"El faro importado" was imported as a draft with 1 chapter.'),
      ).toBeInTheDocument();
      const progress = await screen.findByRole('progressbar', {
        name: 'Alignment of "Capítulo sin tiempos"',
      });
      expect(progress).toHaveAttribute('aria-valuenow', '40');
      expect(screen.getByText('Aligning sentences')).toBeInTheDocument();
      // Another package waits until this one's chapters are aligned.
      expect(screen.getByRole('button', { name: 'Import Story Package' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();

      expect(await screen.findByText('Finished')).toBeInTheDocument();
      expect(progress).toHaveAttribute('aria-valuenow', '100');
      await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(screen.getByRole('button', { name: 'Import Story Package' })).toBeEnabled();
    });

    it('says so when a package updates the story of its slug', async () => {
      stubStoriesApi({
        'POST /api/admin/stories/import': () =>
          json(200, { story: olivos, created: false, alignmentJobs: [] }),
      });
      renderApp('/admin/content');
      await table();
      await userEvent.upload(
        screen.getByLabelText('Story package (.zip)'),
        new File(['PK'], 'olivos.zip', { type: 'application/zip' }),
      );
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Story Updated', {
          description: '"Los olivos" was updated from the package.',
        }),
      );
      expect(screen.getByText('"Los olivos" was updated from the package.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Import Story Package' })).toBeEnabled();
    });

    it('cancels the alignment of an imported chapter', async () => {
      const untimed = { ...chapter(7), title: 'Capítulo sin tiempos', transcriptFileId: '' };
      let cancelled = false;
      stubStoriesApi({
        'POST /api/admin/stories/import': () =>
          json(201, {
            story: story(4, { title: 'El faro importado', chapters: [untimed] }),
            created: true,
            alignmentJobs: [job({ subjectId: untimed.id })],
          }),
        [`GET /api/admin/jobs/${jobId}`]: () =>
          json(200, {
            job: cancelled
              ? job({ status: 'cancelled', progress: 0.2 })
              : job({ status: 'running', stage: 'Decoding the recording', progress: 0.2 }),
          }),
        [`POST /api/admin/jobs/${jobId}/cancel`]: () => {
          cancelled = true;
          return json(200, { job: job({ status: 'cancelled', progress: 0.2 }) });
        },
      });
      renderApp('/admin/content');
      await table();
      const user = userEvent.setup();
      await user.upload(
        screen.getByLabelText('Story package (.zip)'),
        new File(['PK'], 'x.zip', { type: 'application/zip' }),
      );
      await screen.findByText('Decoding the recording');
      await user.click(
        screen.getByRole('button', { name: 'Cancel the alignment of "Capítulo sin tiempos"' }),
      );
      expect(await screen.findByText('Cancelled')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Import Story Package' })).toBeEnabled();
    });

    it('refuses a file that is not a package, and says why the server refused one', async () => {
      let posts = 0;
      stubStoriesApi({
        'POST /api/admin/stories/import': () => {
          posts += 1;
          return json(400, {
            error: { code: 'BAD_REQUEST', message: 'The package has no story.json' },
          });
        },
      });
      renderApp('/admin/content');
      await table();
      const user = userEvent.setup({ applyAccept: false });
      const input = screen.getByLabelText('Story package (.zip)');
      await user.upload(input, new File(['hola'], 'story.txt', { type: 'text/plain' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Choose a story package: a .zip file.',
      );
      expect(posts).toBe(0);

      await user.upload(input, new File(['PK'], 'broken.zip', { type: 'application/zip' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('The package has no story.json'),
      );
      expect(toast.error).toHaveBeenCalledWith('Import Failed', {
        description: 'The package has no story.json',
      });
    });
  },
);
