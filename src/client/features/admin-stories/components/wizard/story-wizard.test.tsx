// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStory, StoryInput, StorySaveResponse } from '#shared/contracts/admin-stories';
import type { Bucket } from '#shared/files';
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

type Handler = Parameters<typeof stubApi>[0][string];

const STORY_ID = '11111111-1111-4111-8111-111111111111';
const CHAPTER_1 = '22222222-2222-4222-8222-222222222222';
const CHAPTER_2 = '33333333-3333-4333-8333-333333333333';
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];

const png = (name = 'cover.png', size = PNG.length) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], name, { type: 'image/png' });
};
const mp3 = (name = 'capitulo-1.mp3') =>
  new File([new Uint8Array([0xff, 0xfb, 0x90, 0x44])], name, { type: 'audio/mpeg' });
const transcript = (name = 'capitulo-1.json') =>
  new File(['{"segments":[]}'], name, { type: 'application/json' });

let uploads = 0;
/** The upload route: answers with a stored file record for the bucket asked for. */
const storedFile =
  (bucket: Bucket): Handler =>
  (init) => {
    uploads += 1;
    const file = (init?.body as FormData).get('file') as File;
    const filename = `${uploads}-${file.name}`;
    return json(201, {
      file: {
        id: `44444444-4444-4444-8444-${String(uploads).padStart(12, '0')}`,
        filename,
        originalFilename: file.name,
        fileType: file.type,
        fileSize: file.size,
        bucketName: bucket,
        filePath: `2025/${filename}`,
        uploadDate: '2025-03-01T00:00:00.000Z',
        publicUrl: `/api/files/${bucket}/${filename}`,
      },
    });
  };

const uploadRoutes = {
  'POST /api/admin/files?bucket=series-images&kind=cover': storedFile('series-images'),
  'POST /api/admin/files?bucket=audios': storedFile('audios'),
  'POST /api/admin/files?bucket=trans': storedFile('trans'),
};

const adminStory: AdminStory = {
  id: STORY_ID,
  slug: 'el-mercado',
  title: 'El mercado',
  description: 'Lucía goes to the market.',
  language: 'Spanish',
  level: 'Intermediate',
  position: 3,
  status: 'published',
  requiresLogin: false,
  newWordsCount: 40,
  imageUrl: '/api/files/series-images/el-mercado.png',
  publishedAt: '2025-01-02T00:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  cover: 'present',
  complete: true,
  hasUnpublishedChanges: false,
  revisionPublishedAt: '2025-01-02T00:00:00.000Z',
  removedChapters: [],
  // Listed out of order on purpose: the wizard shows them by position.
  chapters: [
    {
      id: CHAPTER_2,
      title: 'El encuentro',
      position: 2,
      duration: null,
      audioFileId: '',
      transcriptFileId: '',
    },
    {
      id: CHAPTER_1,
      title: 'La llegada',
      position: 1,
      duration: 75,
      audioFileId: 'llegada.mp3',
      transcriptFileId: 'llegada.json',
    },
  ],
};

/** A story the wizard just created: a draft, never published. */
const newDraft = { status: 'draft', publishedAt: null, revisionPublishedAt: null } as const;

/**
 * What the server answers to a save: the story as sent (with `story` over the published one),
 * with ids; no text, no alignment.
 */
const savedStory = (input: StoryInput, story: Partial<AdminStory> = {}): StorySaveResponse => ({
  alignmentJobs: [],
  story: {
    ...adminStory,
    ...story,
    title: input.title,
    chapters: (input.chapters ?? []).map((chapter, index) => ({
      id: chapter.id ?? `55555555-5555-4555-8555-${String(index).padStart(12, '0')}`,
      title: chapter.title,
      position: index + 1,
      duration: null,
      audioFileId: chapter.audioFileId ?? '',
      transcriptFileId: chapter.transcriptFileId ?? '',
    })),
  },
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as StoryInput;

function renderWizard(storyId?: string) {
  const queryClient = createQueryClient();
  const onDone = vi.fn();
  // applyAccept off: the picker's "All files" lets an admin choose any file; the check must answer.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <QueryClientProvider client={queryClient}>
      <StoryWizard storyId={storyId} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { user, onDone, queryClient };
}

type User = ReturnType<typeof userEvent.setup>;

const stepHeading = (name: string) => screen.getByRole('heading', { level: 3, name });
const next = () => screen.getByRole('button', { name: 'Next' });
const chapter = (number: number) => screen.getByRole('group', { name: `Chapter ${number}` });

async function fillBasicInfo(
  user: User,
  title = '  El viaje  ',
  description = ' Un viaje a Sevilla. ',
) {
  await user.type(screen.getByLabelText(/Story Title/), title);
  await user.type(screen.getByLabelText(/^Description/), description);
  await user.click(next());
  await screen.findByRole('heading', { level: 3, name: 'Cover Image' });
}

async function uploadCover(user: User) {
  await user.upload(screen.getByLabelText('Cover image file'), png());
  await screen.findByRole('img', { name: 'Cover image preview' });
  await user.click(next());
  await screen.findByRole('heading', { level: 3, name: 'Chapters' });
}

beforeEach(() => {
  uploads = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('story wizard: create', () => {
  it('starts on step 1 of 4 with its progress bar and a disabled Previous', () => {
    stubApi({});
    renderWizard();
    expect(screen.getByRole('heading', { level: 2, name: 'Create New Story' })).toHaveFocus();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByText('25% Complete')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Story wizard progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '25');
    expect(progress).toHaveAttribute(
      'aria-valuetext',
      'Step 1 of 4: Basic Information, 25% complete',
    );
    expect(stepHeading('Basic Information')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    expect(screen.getByLabelText(/Story Title/)).toHaveAttribute('aria-required', 'true');
    const level = screen.getByLabelText(/Difficulty Level/);
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Beginner (A1-A2)', 'Intermediate (B1-B2)', 'Advanced (C1-C2)']);
    expect(screen.getByLabelText('New Words Count')).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('New Words Count')).toHaveValue(0);
    expect(screen.getByLabelText('Position in Library')).toHaveAttribute('min', '1');
    // Empty: a new story goes last (decision 023).
    expect(screen.getByLabelText('Position in Library')).toHaveValue(null);
    expect(screen.getByLabelText('Position in Library')).toHaveAccessibleDescription(
      /Empty: a new story goes last/,
    );
  });

  it('keeps step 1 until the title and description are filled, with linked messages', async () => {
    stubApi({});
    const { user } = renderWizard();
    await user.type(screen.getByLabelText(/Story Title/), '   ');
    await user.click(next());

    const title = screen.getByLabelText(/Story Title/);
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Story title is required');
    expect(screen.getByLabelText(/^Description/)).toHaveAccessibleDescription(
      'Description is required',
    );
    expect(title).toHaveFocus();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    // A message goes as soon as its field is fixed.
    await user.type(title, 'El viaje');
    await waitFor(() => expect(screen.queryByText('Story title is required')).toBeNull());
    expect(screen.getByText('Description is required')).toBeInTheDocument();

    const position = screen.getByLabelText('Position in Library');
    await user.clear(position);
    await user.type(position, '0');
    await user.type(screen.getByLabelText(/^Description/), 'Un viaje.');
    await user.click(next());
    expect(
      await screen.findByText('Position must be a whole number, 1 or more'),
    ).toBeInTheDocument();

    await user.clear(position);
    await user.click(next());
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByText('50% Complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(stepHeading('Cover Image')).toHaveFocus();
  });

  it('needs a cover on step 2, refuses a wrong or too big file before uploading, previews and removes', async () => {
    const fetchMock = stubApi(uploadRoutes);
    const { user } = renderWizard();
    await fillBasicInfo(user);
    expect(screen.getByText('Recommended size: at least 800x600 pixels')).toBeInTheDocument();
    expect(screen.getByText('Formats: JPEG, PNG, WebP')).toBeInTheDocument();
    expect(screen.getByText('Maximum file size: 5MB')).toBeInTheDocument();

    await user.click(next());
    expect(await screen.findByText('Cover image is required')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();

    const input = screen.getByLabelText('Cover image file');
    await user.upload(input, new File(['hola'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('File type text/plain is not supported')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Upload failed', {
      description: 'File type text/plain is not supported',
    });
    await user.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText('File type image/gif is not supported')).toBeInTheDocument();
    await user.upload(input, png('huge.png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('File size exceeds 5MB limit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Cover Image' })).toHaveAccessibleDescription(
      expect.stringContaining('File size exceeds 5MB limit'),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin/files'))).toBe(
      false,
    );

    await user.upload(input, png());
    const preview = await screen.findByRole('img', { name: 'Cover image preview' });
    expect(preview).toHaveAttribute('src', '/api/files/series-images/1-cover.png');
    // The preview is what learners see; once the image's size is known, what is cut off of it.
    const caption = preview.closest('figure')!.querySelector('figcaption')!;
    expect(caption).toHaveTextContent(/^As learners see it, at 4:3\.$/);
    Object.defineProperties(preview, {
      naturalWidth: { value: 1920 },
      naturalHeight: { value: 1080 },
    });
    fireEvent.load(preview);
    expect(caption).toHaveTextContent(
      'As learners see it, at 4:3. This image is wider than 4:3: learners see it as above, its sides cut off (75% of its width shown).',
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/admin/files'))!;
    expect(call[0]).toBe('/api/admin/files?bucket=series-images&kind=cover');
    expect((call[1]?.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.queryByText('Cover image is required')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove Cover Image' }));
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload Cover Image' })).toHaveFocus();
    await user.click(next());
    expect(await screen.findByText('Cover image is required')).toBeInTheDocument();
  });

  it('says why the server refused a cover', async () => {
    stubApi({
      'POST /api/admin/files?bucket=series-images&kind=cover': () =>
        json(415, {
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'File content does not match declared type',
          },
        }),
    });
    const { user } = renderWizard();
    await fillBasicInfo(user);
    await user.upload(screen.getByLabelText('Cover image file'), png());
    expect(
      await screen.findByText('File content does not match declared type'),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Upload failed', {
      description: 'File content does not match declared type',
    });
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).toBeNull();
  });

  it('manages chapters on step 3: default titles, click-to-edit, files, delete', async () => {
    const fetchMock = stubApi(uploadRoutes);
    const { user } = renderWizard();
    await fillBasicInfo(user);
    await uploadCover(user);
    expect(stepHeading('Chapters')).toHaveFocus();
    expect(screen.getByText('75% Complete')).toBeInTheDocument();

    await user.click(next());
    expect(await screen.findByText('Add at least one chapter')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await waitFor(() => expect(screen.queryByText('Add at least one chapter')).toBeNull());
    expect(within(chapter(1)).getByRole('button', { name: 'Edit title: Chapter 1' })).toBeVisible();
    expect(within(chapter(2)).getByRole('button', { name: 'Edit title: Chapter 2' })).toBeVisible();

    // Enter ends editing and gives focus back to the title.
    await user.click(within(chapter(1)).getByRole('button', { name: 'Edit title: Chapter 1' }));
    const titleInput = within(chapter(1)).getByRole('textbox', { name: 'Chapter 1 title' });
    expect(titleInput).toHaveFocus();
    await user.clear(titleInput);
    await user.type(titleInput, 'La llegada{Enter}');
    const edited = within(chapter(1)).getByRole('button', { name: 'Edit title: La llegada' });
    expect(edited).toHaveFocus();
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();

    // Escape puts the title back; leaving the field (blur) ends editing too.
    await user.click(edited);
    await user.type(within(chapter(1)).getByRole('textbox'), ' tarde{Escape}');
    expect(
      within(chapter(1)).getByRole('button', { name: 'Edit title: La llegada' }),
    ).toBeVisible();
    await user.click(within(chapter(2)).getByRole('button', { name: 'Edit title: Chapter 2' }));
    await user.clear(within(chapter(2)).getByRole('textbox', { name: 'Chapter 2 title' }));
    await user.click(within(chapter(2)).getByText('Duration'));
    expect(within(chapter(2)).queryByRole('textbox')).toBeNull();
    expect(
      within(chapter(2)).getByRole('button', { name: 'Edit title: Untitled chapter' }),
    ).toBeVisible();

    await user.click(next());
    expect(await screen.findByText('Chapter 2 title is required')).toBeInTheDocument();
    expect(
      within(chapter(2)).getByRole('button', { name: 'Edit title: Untitled chapter' }),
    ).toHaveAccessibleDescription('Chapter 2 title is required');

    await user.click(within(chapter(2)).getByRole('button', { name: /Edit title/ }));
    await user.type(within(chapter(2)).getByRole('textbox'), 'El encuentro{Enter}');
    await waitFor(() => expect(screen.queryByText('Chapter 2 title is required')).toBeNull());
    // The length is never typed: it comes from the audio.
    const duration = within(chapter(1)).getByRole('group', { name: 'Duration' });
    expect(within(duration).queryByRole('textbox')).toBeNull();
    expect(within(duration).queryByRole('spinbutton')).toBeNull();
    expect(duration).toHaveTextContent('Measured from the audio once it is uploaded');

    // Audio and transcript: refused types answer at once; accepted ones upload to their bucket.
    await user.upload(within(chapter(1)).getByLabelText('Audio file for chapter 1'), png('x.png'));
    expect(
      await within(chapter(1)).findByText('File type image/png is not supported'),
    ).toBeVisible();
    await user.upload(within(chapter(1)).getByLabelText('Audio file for chapter 1'), mp3());
    expect(await within(chapter(1)).findByText('capitulo-1.mp3')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Audio Uploaded', { description: 'capitulo-1.mp3' });
    expect(duration).toHaveTextContent('Measured from the audio when saved');
    // A chapter not saved yet has no studio or preview.
    expect(within(chapter(1)).queryByRole('link')).toBeNull();
    await user.upload(
      within(chapter(1)).getByLabelText('Transcript file for chapter 1'),
      transcript(),
    );
    expect(await within(chapter(1)).findByText('capitulo-1.json')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Transcript Uploaded', {
      description: 'capitulo-1.json',
    });
    const buckets = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/admin/files'));
    expect(buckets).toEqual([
      '/api/admin/files?bucket=series-images&kind=cover',
      '/api/admin/files?bucket=audios',
      '/api/admin/files?bucket=trans',
    ]);

    await user.click(
      within(chapter(1)).getByRole('button', { name: 'Remove transcript from chapter 1' }),
    );
    expect(within(chapter(1)).queryByText('capitulo-1.json')).toBeNull();
    expect(
      within(chapter(1)).getByRole('button', { name: 'Upload Transcript or Text' }),
    ).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await user.click(within(chapter(3)).getByRole('button', { name: 'Delete chapter 3' }));
    expect(toast.success).toHaveBeenCalledWith('Chapter Deleted', { description: 'Chapter 3' });
    expect(screen.queryByRole('group', { name: 'Chapter 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Chapter' })).toHaveFocus();

    // Chapters without files may go on (decision 016): the review warns instead.
    await user.click(next());
    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
    expect(stepHeading('Review')).toHaveFocus();
  });

  it('reviews, creates the story with trimmed values and offers another', async () => {
    let release: () => void = () => undefined;
    const fetchMock = stubApi({
      ...uploadRoutes,
      'POST /api/admin/stories': async (init) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return json(201, savedStory(bodyOf(init), newDraft));
      },
      // Three stories in the library: a new one left without a position becomes the fourth.
      'GET /api/admin/stories': () =>
        json(200, {
          stories: [1, 2, 3].map((position) => ({
            ...adminStory,
            id: `77777777-7777-4777-8777-00000000000${position}`,
            position,
          })),
        }),
    });
    const { user } = renderWizard();
    await fillBasicInfo(user);
    await uploadCover(user);
    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await user.upload(within(chapter(1)).getByLabelText('Audio file for chapter 1'), mp3());
    await user.upload(
      within(chapter(1)).getByLabelText('Transcript file for chapter 1'),
      transcript(),
    );
    await within(chapter(1)).findByText('capitulo-1.json');
    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await user.click(next());
    await screen.findByText('Step 4 of 4');

    expect(screen.getByText('100% Complete')).toBeInTheDocument();
    const chapters = screen.getByRole('region', { name: 'Chapters (2)' });
    const items = within(chapters).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. Chapter 1');
    expect(items[0]).toHaveTextContent('Audio uploaded');
    expect(items[0]).toHaveTextContent('Transcript uploaded');
    expect(items[1]).toHaveTextContent('Audio missing');
    expect(items[1]).toHaveTextContent('Transcript missing');

    const summary = screen.getByRole('region', { name: 'Summary' });
    const value = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(value('Total Chapters')).toHaveTextContent('2');
    expect(value('Complete Chapters')).toHaveTextContent('1 of 2');
    expect(value('Cover Image')).toHaveTextContent('Uploaded');
    expect(value('Difficulty')).toHaveTextContent('Beginner');
    const info = screen.getByRole('region', { name: 'Story Information' });
    expect(info).toHaveTextContent('El viaje');
    expect(info).toHaveTextContent('0 min');
    const infoValue = (label: string) => within(info).getByText(label).nextElementSibling;
    // Once the library's list is in (the dashboard has it already).
    await waitFor(() =>
      expect(infoValue('Position in Library')).toHaveTextContent(/^Last \(position 4\)$/),
    );
    expect(screen.getByText(/will be created as a draft/)).toBeInTheDocument();
    expect(screen.getByText('1 chapter is missing audio or a transcript.')).toBeInTheDocument();
    expect(
      screen.getByText('You can still create the story and add these files later.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Story' }));
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    release();

    const done = await screen.findByRole('heading', {
      level: 2,
      name: 'Story Created Successfully!',
    });
    expect(done).toHaveFocus();
    expect(
      screen.getByText('“El viaje” was created as a draft with 2 chapters.'),
    ).toBeInTheDocument();
    // Nothing is live until it is published, and the chapter without its files not even then.
    expect(
      screen.getByText(
        'Nothing of it is live yet: learners see it only once you publish it from the dashboard. 1 chapter without its audio or transcript stays out of what learners see until it has both.',
      ),
    ).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Story Created', { description: 'El viaje' });
    const preview = screen.getByRole('link', { name: 'Preview Story (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', '/story/el-mercado?preview=1');
    expect(preview).toHaveAttribute('target', '_blank');

    const call = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/stories' && init?.method === 'POST',
    )!;
    expect(call[1]?.method).toBe('POST');
    expect(bodyOf(call[1])).toEqual({
      title: 'El viaje',
      description: 'Un viaje a Sevilla.',
      language: 'Spanish',
      level: 'Beginner',
      imageUrl: '/api/files/series-images/1-cover.png',
      newWordsCount: 0,
      chapters: [
        {
          title: 'Chapter 1',
          audioFileId: '2025/2-capitulo-1.mp3',
          transcriptFileId: '2025/3-capitulo-1.json',
        },
        { title: 'Chapter 2', audioFileId: '', transcriptFileId: '' },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Create Another Story' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Create New Story' })).toHaveFocus();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText(/Story Title/)).toHaveValue('');
  });

  it('shows Failed to Save Story with the reason and saves on Try Again', async () => {
    let attempts = 0;
    stubApi({
      ...uploadRoutes,
      'POST /api/admin/stories': (init) => {
        attempts += 1;
        if (attempts === 1) {
          return json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } });
        }
        if (attempts === 2) {
          return json(409, {
            error: {
              code: 'CONFLICT',
              message: 'A story with this title already exists',
              details: { hint: 'Please choose a different title' },
            },
          });
        }
        return json(201, savedStory(bodyOf(init), newDraft));
      },
    });
    const { user } = renderWizard();
    await fillBasicInfo(user);
    await uploadCover(user);
    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await user.click(next());
    await screen.findByText('Step 4 of 4');

    await user.click(screen.getByRole('button', { name: 'Create Story' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Save Story' })).toBeVisible();
    expect(alert).toHaveTextContent('An unexpected error occurred while creating the story');
    expect(alert).toHaveTextContent('Please try again or contact support if the problem persists');

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('A story with this title already exists')).toBeVisible();
    expect(screen.getByText('Please choose a different title')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { name: 'Story Created Successfully!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('“El viaje” was created as a draft with 1 chapter.'),
    ).toBeInTheDocument();
    expect(attempts).toBe(3);
  });
});

describe('story wizard: edit', () => {
  it('loads the story, keeps chapter ids and updates it', async () => {
    let release: () => void = () => undefined;
    const fetchMock = stubApi({
      [`GET /api/admin/stories/${STORY_ID}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { story: adminStory }));
        }),
      [`PUT /api/admin/stories/${STORY_ID}`]: (init) =>
        json(200, savedStory(bodyOf(init), { hasUnpublishedChanges: true })),
      // Chapters keep storage keys; the wizard shows the names the files were uploaded with.
      'GET /api/admin/files': () =>
        json(200, {
          files: [
            {
              id: '66666666-6666-4666-8666-000000000001',
              filename: 'llegada.mp3',
              originalFilename: 'La llegada (final).mp3',
              fileType: 'audio/mpeg',
              fileSize: 1024,
              bucketName: 'audios',
              filePath: 'llegada.mp3',
              uploadDate: '2025-01-01T00:00:00.000Z',
              publicUrl: null,
              uses: [],
              unused: false,
            },
          ],
        }),
    });
    const { user, onDone } = renderWizard(STORY_ID);
    expect(await screen.findByText('Loading story...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Story' })).toBeInTheDocument();
    release();

    const title = await screen.findByLabelText(/Story Title/);
    expect(title).toHaveValue('El mercado');
    expect(
      screen.getByRole('link', { name: 'Preview Story (opens in a new tab)' }),
    ).toHaveAttribute('href', '/story/el-mercado?preview=1');
    expect(screen.getByLabelText(/Difficulty Level/)).toHaveValue('Intermediate');
    expect(screen.getByLabelText('New Words Count')).toHaveValue(40);
    expect(screen.getByLabelText('Position in Library')).toHaveValue(3);
    await user.clear(title);
    await user.type(title, 'El mercado nuevo');
    await user.click(next());
    expect(await screen.findByRole('img', { name: 'Cover image preview' })).toHaveAttribute(
      'src',
      '/api/files/series-images/el-mercado.png',
    );
    await user.click(next());
    await screen.findByText('Step 3 of 4');
    expect(
      within(chapter(1)).getByRole('button', { name: 'Edit title: La llegada' }),
    ).toBeVisible();
    expect(within(chapter(1)).getByRole('group', { name: 'Duration' })).toHaveTextContent(
      '1:15 · from the audio',
    );
    const studio = within(chapter(1)).getByRole('link', {
      name: 'Open in Studio: La llegada (opens in a new tab)',
    });
    expect(studio).toHaveAttribute('href', `/admin/chapters/${CHAPTER_1}/studio`);
    expect(
      within(chapter(1)).getByRole('link', { name: 'Preview: La llegada (opens in a new tab)' }),
    ).toHaveAttribute('href', `/player/${CHAPTER_1}?preview=1`);
    expect(await within(chapter(1)).findByText('La llegada (final).mp3')).toBeVisible();
    expect(within(chapter(1)).queryByText('llegada.mp3')).toBeNull();
    // A key no upload record names is not shown either.
    expect(within(chapter(1)).getByText('Unnamed file')).toBeVisible();
    expect(within(chapter(2)).getByRole('button', { name: 'Upload Audio' })).toBeVisible();
    await user.click(next());
    await screen.findByText('Step 4 of 4');
    const position = () =>
      within(screen.getByRole('region', { name: 'Story Information' })).getByText(
        'Position in Library',
      ).nextElementSibling;
    expect(position()).toHaveTextContent(/^3$/);
    // An emptied position leaves the story where it is, and the review says so.
    for (const step of [3, 2, 1]) {
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      await screen.findByText(`Step ${step} of 4`);
    }
    const positionField = screen.getByLabelText('Position in Library');
    await user.clear(positionField);
    expect(positionField).toHaveValue(null);
    for (const step of [2, 3, 4]) {
      await user.click(next());
      await screen.findByText(`Step ${step} of 4`);
    }
    expect(position()).toHaveTextContent(/^Unchanged \(position 3\)$/);
    expect(screen.queryByText(/will be created as a draft/)).toBeNull();
    expect(
      screen.getByText(
        'Learners keep seeing the version published last until you publish the changes from the dashboard.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('You can still update the story and add these files later.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Story' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Story Updated Successfully!' }),
    ).toHaveFocus();
    expect(screen.getByText('“El mercado nuevo” was updated with 2 chapters.')).toBeVisible();
    expect(
      screen.getByText(
        'These changes are not live yet: learners see the version published last until you choose “Publish changes” on the dashboard. 1 chapter without its audio or transcript stays out of what learners see until it has both.',
      ),
    ).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Story Updated', {
      description: 'El mercado nuevo',
    });
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(bodyOf(call[1])).toEqual({
      title: 'El mercado nuevo',
      description: 'Lucía goes to the market.',
      language: 'Spanish',
      level: 'Intermediate',
      // No position: the emptied field keeps the story where it is.
      imageUrl: '/api/files/series-images/el-mercado.png',
      newWordsCount: 40,
      chapters: [
        {
          id: CHAPTER_1,
          title: 'La llegada',
          audioFileId: 'llegada.mp3',
          transcriptFileId: 'llegada.json',
        },
        {
          id: CHAPTER_2,
          title: 'El encuentro',
          audioFileId: '',
          transcriptFileId: '',
        },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('retries the load 3 times (1 s, 2 s, 4 s), then shows Failed to Load Story with Try Again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let failing = true;
    const fetchMock = vi.fn(async () => {
      if (failing) throw new TypeError('Failed to fetch');
      return json(200, { story: adminStory });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWizard(STORY_ID);
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Loading story...')).toBeInTheDocument();
    await advance(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    vi.useRealTimers();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Load Story' })).toBeVisible();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText(/Story Title/)).toHaveValue('El mercado');
  });

  it('does not wait for retries when the story does not exist', async () => {
    const fetchMock = stubApi({
      [`GET /api/admin/stories/${STORY_ID}`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Story not found' } }),
    });
    renderWizard(STORY_ID);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Load Story' })).toBeVisible();
    expect(alert).toHaveTextContent('Story not found');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('story wizard: edit, content studio', () => {
  it('sends no length for a chapter whose audio was replaced (the server measures it)', async () => {
    const fetchMock = stubApi({
      ...uploadRoutes,
      [`GET /api/admin/stories/${STORY_ID}`]: () => json(200, { story: adminStory }),
      [`PUT /api/admin/stories/${STORY_ID}`]: (init) => json(200, savedStory(bodyOf(init))),
    });
    const { user } = renderWizard(STORY_ID);
    await screen.findByLabelText(/Story Title/);
    await user.click(next());
    await user.click(next());
    await screen.findByText('Step 3 of 4');
    await user.click(
      within(chapter(1)).getByRole('button', { name: 'Remove audio from chapter 1' }),
    );
    await user.upload(within(chapter(1)).getByLabelText('Audio file for chapter 1'), mp3());
    await within(chapter(1)).findByText('capitulo-1.mp3');
    expect(within(chapter(1)).getByRole('group', { name: 'Duration' })).toHaveTextContent(
      'Measured from the audio when saved',
    );
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Update Story' }));
    await screen.findByRole('heading', { name: 'Story Updated Successfully!' });
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(bodyOf(call[1]).chapters?.[0]).toEqual({
      id: CHAPTER_1,
      title: 'La llegada',
      audioFileId: '2025/1-capitulo-1.mp3',
      transcriptFileId: 'llegada.json',
    });
  });

  it('lists the chapters removed since the last publish and restores one', async () => {
    const removed = {
      id: '66666666-6666-4666-8666-666666666666',
      title: 'El adiós',
      position: 3,
      duration: 42,
      audioFileId: 'adios.mp3',
      transcriptFileId: 'adios.json',
    };
    const fetchMock = stubApi({
      [`GET /api/admin/stories/${STORY_ID}`]: () =>
        json(200, {
          story: { ...adminStory, hasUnpublishedChanges: true, removedChapters: [removed] },
        }),
      [`PUT /api/admin/stories/${STORY_ID}`]: (init) => json(200, savedStory(bodyOf(init))),
    });
    const { user } = renderWizard(STORY_ID);
    await screen.findByLabelText(/Story Title/);
    await user.click(next());
    await user.click(next());
    await screen.findByText('Step 3 of 4');
    const section = screen.getByRole('region', { name: 'Removed chapters' });
    expect(section).toHaveTextContent('Learners still see these until');
    const [item] = within(section).getAllByRole('listitem');
    expect(item).toHaveTextContent('El adiós');
    expect(within(item!).getByText('Removed at next publish')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Restore El adiós' }));
    expect(screen.queryByRole('region', { name: 'Removed chapters' })).toBeNull();
    expect(within(chapter(3)).getByRole('button', { name: 'Edit title: El adiós' })).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Chapter Restored', { description: 'El adiós' });

    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Update Story' }));
    await screen.findByRole('heading', { name: 'Story Updated Successfully!' });
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(bodyOf(call[1]).chapters?.[2]).toEqual({
      id: removed.id,
      title: 'El adiós',
      audioFileId: 'adios.mp3',
      transcriptFileId: 'adios.json',
    });
  });
});

describe('story wizard: a chapter’s plain text (decision 048)', () => {
  const TEXT = 'Es lunes y llueve mucho.\nPablo espera el autobús de las ocho.\n';
  const textFile = (content: BlobPart = TEXT, name = 'capitulo-1.txt') =>
    new File([content], name, { type: 'text/plain' });
  const transcriptSlot = () => within(chapter(1)).getByLabelText('Transcript file for chapter 1');
  const uploadedBuckets = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/admin/files'));

  /** The server's answer: the chapters sent with a text are being aligned. */
  const savedAligning = (input: StoryInput): StorySaveResponse => {
    const saved = savedStory(input, newDraft);
    return {
      ...saved,
      alignmentJobs: saved.story.chapters.flatMap((chapter, index) =>
        input.chapters?.[index]?.text === undefined
          ? []
          : [
              {
                id: `77777777-7777-4777-8777-${String(index).padStart(12, '0')}`,
                kind: 'align-chapter' as const,
                status: 'queued' as const,
                stage: 'Waiting',
                progress: 0,
                error: null,
                result: null,
                subjectId: chapter.id,
                createdAt: '2025-03-01T00:00:00.000Z',
                startedAt: null,
                finishedAt: null,
              },
            ],
      ),
    };
  };

  async function onChapters(user: User) {
    await fillBasicInfo(user);
    await uploadCover(user);
    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
  }

  it('keeps a plain-text file as the chapter’s text, uploads nothing, and aligns it after Create', async () => {
    const fetchMock = stubApi({
      ...uploadRoutes,
      'POST /api/admin/stories': (init) => json(201, savedAligning(bodyOf(init))),
    });
    const { user } = renderWizard();
    await onChapters(user);
    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await user.upload(within(chapter(1)).getByLabelText('Audio file for chapter 1'), mp3());
    await user.upload(transcriptSlot(), textFile());

    expect(await within(chapter(1)).findByText('capitulo-1.txt · 2 sentences')).toBeVisible();
    expect(within(chapter(1)).getByText('Text to align with the audio after saving')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Text Ready to Align', {
      description: 'capitulo-1.txt · 2 sentences',
    });
    expect(uploadedBuckets(fetchMock)).toEqual([
      '/api/admin/files?bucket=series-images&kind=cover',
      '/api/admin/files?bucket=audios',
    ]);

    await user.click(next());
    await screen.findByText('Step 4 of 4');
    const items = within(screen.getByRole('region', { name: 'Chapters (2)' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Text to align chosen: aligned with the audio after saving');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Complete Chapters').nextElementSibling).toHaveTextContent(
      '1 of 2',
    );
    expect(
      screen.getByText(
        'After saving, 1 chapter’s text is aligned with its audio; follow it in the studio.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Story' }));
    await screen.findByRole('heading', { level: 2, name: 'Story Created Successfully!' });
    const call = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/stories' && init?.method === 'POST',
    )!;
    expect(bodyOf(call[1]).chapters).toEqual([
      {
        title: 'Chapter 1',
        audioFileId: '2025/2-capitulo-1.mp3',
        transcriptFileId: '',
        text: TEXT,
      },
      { title: 'Chapter 2', audioFileId: '', transcriptFileId: '' },
    ]);

    // The success page leads to each chapter's studio, saying what it is doing there.
    const studio = screen.getByRole('region', { name: 'Continue in the Studio' });
    const [first, second] = within(studio).getAllByRole('listitem');
    expect(first).toHaveTextContent('1. Chapter 1');
    expect(first).toHaveTextContent('Aligning its text with the audio');
    expect(within(first!).getByRole('link', { name: 'Open in Studio: Chapter 1' })).toHaveAttribute(
      'href',
      '/admin/chapters/55555555-5555-4555-8555-000000000000/studio',
    );
    expect(second).toHaveTextContent('No audio yet');
    expect(within(second!).getByRole('link', { name: 'Open in Studio: Chapter 2' })).toBeVisible();
    // The chapter being aligned gets its transcript: only the one without audio stays out.
    expect(
      screen.getByText(
        'Nothing of it is live yet: learners see it only once you publish it from the dashboard. 1 chapter without its audio or transcript stays out of what learners see until it has both.',
      ),
    ).toBeVisible();
  });

  it('uploads a transcript with timestamped lines as before', async () => {
    const fetchMock = stubApi(uploadRoutes);
    const { user } = renderWizard();
    await onChapters(user);
    await user.upload(transcriptSlot(), textFile('00:00:01 Es lunes.\n00:00:03 Llueve.\n'));
    expect(await within(chapter(1)).findByText('capitulo-1.txt')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Transcript Uploaded', {
      description: 'capitulo-1.txt',
    });
    expect(uploadedBuckets(fetchMock).at(-1)).toBe('/api/admin/files?bucket=trans');
  });

  it.each([
    [
      'a file that is not UTF-8 text',
      textFile(new Uint8Array([0x45, 0x73, 0xff, 0xfe, 0x20, 0x6c])),
      'This file is not text: choose a UTF-8 text file (.txt) or a transcript (.json)',
    ],
    ['a text without words', textFile('* * *\n— … ¡!\n'), 'The text has no Spanish words to align'],
    ['a blank text', textFile('  \n\n  '), 'The text is empty'],
    [
      'a web page',
      textFile('<!DOCTYPE html><html><body>Hola</body></html>', 'pagina.txt'),
      'This file is a web page, not the chapter’s text',
    ],
    [
      'a JSON file that is no transcript',
      new File(['{"frases": ["Hola"]}'], 'capitulo.json', { type: 'application/json' }),
      'Transcript JSON does not have the expected shape',
    ],
  ])('refuses %s at once, keeping and uploading nothing', async (_case, file, message) => {
    const fetchMock = stubApi(uploadRoutes);
    const { user } = renderWizard();
    await onChapters(user);
    await user.upload(transcriptSlot(), file);
    expect(await within(chapter(1)).findByText(message)).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith('Upload failed', { description: message });
    expect(
      within(chapter(1)).getByRole('button', { name: 'Upload Transcript or Text' }),
    ).toHaveAccessibleDescription(message);
    expect(uploadedBuckets(fetchMock)).toEqual([
      '/api/admin/files?bucket=series-images&kind=cover',
    ]);
  });

  it('asks for the audio a text is aligned with before going on, and lets the text be removed', async () => {
    stubApi(uploadRoutes);
    const { user } = renderWizard();
    await onChapters(user);
    await user.upload(transcriptSlot(), textFile());
    await within(chapter(1)).findByText('capitulo-1.txt · 2 sentences');

    await user.click(next());
    const message =
      'Chapter 1: Add the chapter’s audio too: its text is aligned with the recording';
    expect(await within(chapter(1)).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();

    // The message goes once the audio is there.
    await user.upload(within(chapter(1)).getByLabelText('Audio file for chapter 1'), mp3());
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());

    await user.click(
      within(chapter(1)).getByRole('button', { name: 'Remove text from chapter 1' }),
    );
    expect(within(chapter(1)).queryByText('capitulo-1.txt · 2 sentences')).toBeNull();
    expect(
      within(chapter(1)).getByRole('button', { name: 'Upload Transcript or Text' }),
    ).toHaveFocus();
  });
});
