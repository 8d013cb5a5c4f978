// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStory, StoryInput } from '#shared/contracts/admin-stories';
import { createQueryClient } from '#client/lib/query-client';
import { json, stubApi } from '#client/test/render-app';
import { StoryWizard } from './story-wizard';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const STORY_ID = '11111111-1111-4111-8111-111111111111';
const chapterId = (n: number) => `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`;

const story: AdminStory = {
  id: STORY_ID,
  slug: 'tres-partes',
  title: 'Tres partes',
  description: 'Una historia en tres partes.',
  language: 'Spanish',
  level: 'Beginner',
  position: 2,
  status: 'draft',
  requiresLogin: true,
  newWordsCount: 0,
  imageUrl: '/api/files/series-images/tres.webp',
  publishedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  cover: 'present',
  complete: true,
  hasUnpublishedChanges: false,
  revisionPublishedAt: null,
  removedChapters: [],
  chapters: ['Uno', 'Dos', 'Tres'].map((title, index) => ({
    id: chapterId(index + 1),
    title,
    position: index + 1,
    duration: null,
    audioFileId: '',
    transcriptFileId: '',
  })),
};

let saved: StoryInput | undefined;

function renderEditWizard(onUnsavedChange = vi.fn()) {
  stubApi({
    [`GET /api/admin/stories/${STORY_ID}`]: () => json(200, { story }),
    'GET /api/admin/files': () => json(200, { files: [] }),
    [`PUT /api/admin/stories/${STORY_ID}`]: (init) => {
      saved = JSON.parse(String(init?.body)) as StoryInput;
      return json(200, { story, alignmentJobs: [] });
    },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StoryWizard storyId={STORY_ID} onDone={vi.fn()} onUnsavedChange={onUnsavedChange} />
    </QueryClientProvider>,
  );
  return { user, onUnsavedChange };
}

const titles = () =>
  screen
    .getAllByRole('group', { name: /^Chapter \d$/ })
    .map((card) => within(card).getByRole('button', { name: /^Edit title/ }).textContent);

async function toChapters(user: ReturnType<typeof userEvent.setup>) {
  // The form, once the story is loaded.
  await screen.findByLabelText(/Story Title/);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 3, name: 'Chapters' });
}

beforeEach(() => {
  saved = undefined;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('story wizard: chapter order (decision 023)', { timeout: 20_000 }, () => {
  it('moves chapters with the arrows, the keyboard and drag and drop, and saves that order', async () => {
    const { user } = renderEditWizard();
    await toChapters(user);
    expect(titles()).toEqual(['Uno', 'Dos', 'Tres']);
    expect(screen.getByRole('button', { name: 'Move chapter 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move chapter 3 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move chapter 1 down' }));
    expect(titles()).toEqual(['Dos', 'Uno', 'Tres']);
    expect(await screen.findByText('"Uno" moved to position 2 of 3.')).toBeInTheDocument();

    // The keyboard on a handle: Home puts it first and the handle keeps the focus.
    screen.getByRole('button', { name: 'Reorder chapter 3, position 3 of 3' }).focus();
    await user.keyboard('{Home}');
    expect(titles()).toEqual(['Tres', 'Dos', 'Uno']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Reorder chapter 1, position 1/ })).toHaveFocus(),
    );
    await user.keyboard('{ArrowUp}');
    expect(await screen.findByText('Chapter 1 is already first.')).toBeInTheDocument();

    // Dropped on the first card, the last one takes its place.
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn() };
    fireEvent.dragStart(screen.getByRole('button', { name: /^Reorder chapter 3/ }), {
      dataTransfer,
    });
    const first = screen.getByRole('group', { name: 'Chapter 1' }).closest('li')!;
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    expect(titles()).toEqual(['Uno', 'Tres', 'Dos']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Update Story' }));
    await screen.findByRole('heading', { name: 'Story Updated Successfully!' });
    expect(saved?.chapters?.map((chapter) => [chapter.id, chapter.title])).toEqual([
      [chapterId(1), 'Uno'],
      [chapterId(3), 'Tres'],
      [chapterId(2), 'Dos'],
    ]);
  });

  it('says when it holds unsaved changes, and no longer once they are saved', async () => {
    const { user, onUnsavedChange } = renderEditWizard();
    await screen.findByLabelText(/Story Title/);
    expect(onUnsavedChange).toHaveBeenLastCalledWith(false);
    expect(onUnsavedChange).not.toHaveBeenCalledWith(true);
    await user.type(screen.getByLabelText(/Story Title/), '!');
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(true));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Update Story' }));
    await screen.findByRole('heading', { name: 'Story Updated Successfully!' });
    expect(onUnsavedChange).toHaveBeenLastCalledWith(false);
  });
});
