// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { putDownloadRecord, type DownloadRecord } from '#client/lib/offline/downloads-db';
import { DownloadsPage } from './components/downloads-page';

const STORY = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const KB = 1024;

/** A downloaded chapter: its own files of `ownKb`, and its story's cover (30 KB, shared). */
function record(storyId: string, storyTitle: string, position: number, ownKb: number) {
  const chapterId = `00000000-0000-4000-8000-${storyId.slice(0, 4)}0000000${position}`;
  const audio = `/api/chapters/${chapterId}/audio`;
  const cover = `/api/images/series-images/${storyId}.webp?w=400&h=300&q=80`;
  return {
    chapterId,
    chapterTitle: `Capítulo ${position}`,
    chapterPosition: position,
    storyId,
    storySlug: storyTitle.toLowerCase().replace(/ /g, '-'),
    storyTitle,
    coverUrl: null,
    chapterUrls: [audio],
    storyUrls: [cover],
    personalUrls: [],
    sizes: { [audio]: ownKb * KB, [cover]: 30 * KB },
    bytes: ownKb * KB,
    requiresLogin: false,
    userId: null,
    downloadedAt: '2026-11-26T10:00:00.000Z',
  } satisfies DownloadRecord;
}

/** Cache Storage (a browser API) as the page's removals use it: opened, entries deleted. */
const caches = {
  open: () => Promise.resolve({ delete: () => Promise.resolve(true) }),
  has: () => Promise.resolve(false),
  delete: () => Promise.resolve(false),
};

beforeEach(() => {
  vi.stubGlobal('caches', caches);
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Downloads page', () => {
  it('lists the downloads by story with sizes and the total, and removes one, then all', async () => {
    await putDownloadRecord(record(STORY, 'El faro', 2, 600));
    await putDownloadRecord(record(STORY, 'El faro', 1, 500));
    await putDownloadRecord(record(OTHER, 'La panadería', 1, 1024));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <DownloadsPage />
      </MemoryRouter>,
    );

    const faro = await screen.findByRole('article', { name: 'El faro' });
    // Chapters in reading order, each with its own size; the story counts its cover once.
    expect(
      within(faro)
        .getAllByTestId('downloaded-chapter')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^Chapter 1: Capítulo 1500 KB/),
      expect.stringMatching(/^Chapter 2: Capítulo 2600 KB/),
    ]);
    expect(within(faro).getByTestId('story-size')).toHaveTextContent(/^2 chapters · 1.1 MB$/);
    expect(screen.getByRole('article', { name: 'La panadería' })).toBeInTheDocument();
    // 500 + 600 + 30 (El faro) + 1024 + 30 (La panadería) KB.
    expect(screen.getByTestId('downloads-total')).toHaveTextContent('Downloads: 2.1 MB in total');
    // Stories in title order.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Storage on this device',
      'El faro',
      'La panadería',
    ]);

    await user.click(within(faro).getByRole('button', { name: /^Remove\s*:\s*Capítulo 2$/ }));
    await waitFor(() => expect(within(faro).getAllByTestId('downloaded-chapter')).toHaveLength(1));
    expect(within(faro).getByTestId('story-size')).toHaveTextContent(/^1 chapter · 530 KB$/);

    await user.click(screen.getByRole('button', { name: 'Remove all downloads' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove all downloads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove all' }));
    expect(await screen.findByRole('heading', { name: 'No downloads yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Library' })).toHaveAttribute(
      'href',
      '/library',
    );
    expect(screen.queryByTestId('downloads-total')).not.toBeInTheDocument();
  });
});
