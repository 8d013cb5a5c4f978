// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChapterToDownload, StoryToDownload } from '#client/lib/offline/download-manager';
import { ChapterDownloadButton } from './chapter-download-button';
import { StoryDownloadButton } from './story-download-button';
import { recordAudioOnlyDownload } from '#client/test/download-record-fixture';

const storyBase = { id: 'story-1', slug: 'el-mercado', imageUrl: null };
const chapterOf = (id: string, position: number): ChapterToDownload => ({
  id,
  title: `Capítulo ${position}`,
  position,
  hasAudio: true,
  hasTranscript: true,
  story: { ...storyBase, title: 'El mercado', requiresLogin: false },
});
const first = chapterOf('chapter-1', 1);
const second = chapterOf('chapter-2', 2);
const story: StoryToDownload = {
  ...storyBase,
  title: 'El mercado',
  requiresLogin: false,
  chapters: [first, second].map(({ story: _story, ...chapter }) => chapter),
};

let online = false;
beforeEach(async () => {
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('caches', { open: () => Promise.resolve({ delete: () => Promise.resolve(true) }) });
  await recordAudioOnlyDownload(story, first);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const goOnline = () =>
  act(() => {
    online = true;
    window.dispatchEvent(new Event('online'));
  });

describe('"Download for offline" while the browser is offline', () => {
  it('the chapter button is disabled with its reason shown, and enabled again when online', async () => {
    render(<ChapterDownloadButton chapter={second} userId={null} />);
    await screen.findByText('Downloads need a connection');
    const button = screen.getByRole('button', { name: 'Download for offline' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Downloads need a connection');

    goOnline();
    expect(screen.getByRole('button', { name: 'Download for offline' })).toBeEnabled();
    expect(screen.queryByText('Downloads need a connection')).not.toBeInTheDocument();
  });

  it('a downloaded chapter keeps its mark offline', async () => {
    render(<ChapterDownloadButton chapter={first} userId={null} />);
    expect(await screen.findByTestId('downloaded-mark')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Downloads need a connection')).not.toBeInTheDocument();
  });

  it('the story button is disabled with its reason shown, and enabled again when online', async () => {
    render(
      <MemoryRouter>
        <StoryDownloadButton story={story} userId={null} />
      </MemoryRouter>,
    );
    await screen.findByText('Downloads need a connection');
    const button = screen.getByRole('button', { name: /^Download the last chapter/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Downloads need a connection');

    goOnline();
    expect(screen.getByRole('button', { name: /^Download the last chapter/ })).toBeEnabled();
    expect(screen.queryByText('Downloads need a connection')).not.toBeInTheDocument();
  });
});
