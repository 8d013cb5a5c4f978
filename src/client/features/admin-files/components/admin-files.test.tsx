// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminFile, AssociationStory } from '#shared/contracts/admin-files';
import { createQueryClient } from '#client/lib/query-client';
import { json, stubApi } from '#client/test/render-app';
import { associationStats } from './association-overview';
import { AssociateTab } from './associate-tab';
import { FilesTab } from './files-tab';
import { UploadTab } from './upload-tab';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const STORY_ID = '11111111-1111-4111-8111-111111111111';
const CHAPTER_1 = '22222222-2222-4222-8222-000000000001';
const CHAPTER_2 = '22222222-2222-4222-8222-000000000002';

function adminFile(overrides: Partial<AdminFile> & Pick<AdminFile, 'id'>): AdminFile {
  return {
    filename: 'x.bin',
    originalFilename: 'x.bin',
    fileType: 'application/pdf',
    fileSize: 2048,
    bucketName: 'uploads',
    filePath: '2026/01/x.bin',
    uploadDate: '2026-01-15T10:00:00.000Z',
    publicUrl: null,
    uses: [],
    unused: false,
    ...overrides,
  };
}

const audio = adminFile({
  id: '33333333-3333-4333-8333-000000000001',
  originalFilename: 'capitulo-uno.m4a',
  fileType: 'audio/x-m4a',
  fileSize: 649_199,
  bucketName: 'audios',
  filePath: '2026/01/a.m4a',
  uploadDate: '2026-01-16T10:00:00.000Z',
});
const transcript = adminFile({
  id: '33333333-3333-4333-8333-000000000002',
  originalFilename: 'capitulo-uno.json',
  fileType: 'application/json',
  fileSize: 1536,
  bucketName: 'trans',
  filePath: '2026/01/t.json',
});
const cover = adminFile({
  id: '33333333-3333-4333-8333-000000000003',
  originalFilename: 'portada.png',
  fileType: 'image/png',
  bucketName: 'series-images',
  filePath: '2026/01/p.png',
  publicUrl: '/api/files/series-images/2026/01/p.png',
});
const linkedAudio: AdminFile = {
  ...audio,
  uses: [
    {
      kind: 'chapter',
      role: 'audio',
      storyId: STORY_ID,
      storyTitle: 'El faro',
      chapterId: CHAPTER_1,
      chapterTitle: 'La tormenta',
      chapterPosition: 1,
    },
  ],
};

const stories: AssociationStory[] = [
  {
    id: STORY_ID,
    title: 'El faro',
    chapters: [
      {
        id: CHAPTER_1,
        storyId: STORY_ID,
        title: 'La tormenta',
        position: 1,
        audioFileId: '2026/01/a.m4a',
        transcriptFileId: '2026/01/missing.json',
        duration: null,
      },
      {
        id: CHAPTER_2,
        storyId: STORY_ID,
        title: 'La calma',
        position: 2,
        audioFileId: '',
        transcriptFileId: '',
        duration: null,
      },
    ],
  },
];

function renderWithQuery(ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

const uploaded = (file: AdminFile) => {
  const { uses: _uses, unused: _unused, ...rest } = file;
  return json(201, { file: rest });
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Upload tab', () => {
  it('refuses a file that fails the checks without sending it', async () => {
    const fetch = stubApi({ 'GET /api/admin/files': () => json(200, { files: [] }) });
    const user = userEvent.setup({ applyAccept: false });
    renderWithQuery(<UploadTab />);

    expect(screen.getByRole('heading', { name: 'Content Upload' })).toBeInTheDocument();
    for (const title of ['Audio Files', 'Transcripts', 'Images', 'General File Upload']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    await user.upload(
      screen.getByLabelText('Choose transcripts'),
      new File(['1\n00:00:01,000 --> 00:00:02,000\nHola'], 'subs.srt', { type: '' }),
    );
    const item = await screen.findByText('File type srt is not supported');
    expect(item.closest('li')).toHaveAttribute('data-status', 'error');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.getByRole('tab', { name: 'Upload Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('uploads transcripts one by one through pending and uploading, then shows Manage Files', async () => {
    const answers: ((response: Response) => void)[] = [];
    // The first list refresh and the first frame after it are held: each step shows on its own.
    let holdList = true;
    const listAnswers: ((response: Response) => void)[] = [];
    let holdFrames = true;
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      if (holdFrames) frames.push(callback);
      else queueMicrotask(() => callback(0));
      return 0;
    });
    const fetch = stubApi({
      'GET /api/admin/files': () =>
        holdList
          ? new Promise<Response>((resolve) => {
              listAnswers.push(resolve);
            })
          : json(200, { files: [transcript] }),
      'POST /api/admin/files?bucket=trans': () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    });
    const user = userEvent.setup();
    renderWithQuery(<UploadTab />);

    await user.upload(screen.getByLabelText('Choose transcripts'), [
      new File(['{"segments":[]}'], 'capitulo-uno.json', { type: 'application/json' }),
      new File(['00:00:01 Hola'], 'capitulo-dos.txt', { type: 'text/plain' }),
    ]);
    // 10: the upload has started, the server has not answered yet.
    const progress = await screen.findByLabelText('Upload progress for capitulo-uno.json');
    await waitFor(() => expect(progress).toHaveAttribute('value', '10'));
    expect(screen.getByText('Uploading 10%')).toBeInTheDocument();
    const second = screen.getByText('capitulo-dos.txt').closest('li')!;
    expect(second).toHaveAttribute('data-status', 'pending');
    expect(within(second).getByText('Pending')).toBeInTheDocument();
    expect(answers).toHaveLength(1);
    expect(listAnswers).toHaveLength(0);

    // 60: the server has answered; the files list is being refreshed.
    answers[0]!(uploaded(transcript));
    await waitFor(() => expect(progress).toHaveAttribute('value', '60'));
    expect(screen.getByText('Uploading 60%')).toBeInTheDocument();
    await waitFor(() => expect(listAnswers).toHaveLength(1));
    expect(toast.success).not.toHaveBeenCalled();

    // 80: the list is refreshed; success follows once that step has been painted.
    holdList = false;
    listAnswers[0]!(json(200, { files: [transcript] }));
    await waitFor(() => expect(progress).toHaveAttribute('value', '80'));
    expect(screen.getByText('Uploading 80%')).toBeInTheDocument();
    expect(progress.closest('li')).toHaveAttribute('data-status', 'uploading');
    expect(second).toHaveAttribute('data-status', 'pending');
    expect(toast.success).not.toHaveBeenCalled();
    expect(frames.length).toBeGreaterThan(0);

    holdFrames = false;
    for (const frame of frames.splice(0)) frame(0);
    await waitFor(() => expect(progress).toHaveAttribute('value', '100'));
    expect(progress.closest('li')).toHaveAttribute('data-status', 'success');
    await waitFor(() => expect(answers).toHaveLength(2));
    await waitFor(() => expect(second).toHaveAttribute('data-status', 'uploading'));
    // Still on Upload Files until the batch is done.
    expect(screen.getByRole('tab', { name: 'Upload Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    answers[1]!(uploaded({ ...transcript, originalFilename: 'capitulo-dos.txt' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Manage Files' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(toast.success).toHaveBeenCalledWith('Transcript Uploaded', {
      description: 'capitulo-uno.json',
    });
    expect(toast.success).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('heading', { name: 'capitulo-uno.json' })).toBeInTheDocument();

    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const body = post[1]!.body as FormData;
    expect((body.get('file') as File).name).toBe('capitulo-uno.json');

    // Back on Upload Files the items show their final state.
    await user.click(screen.getByRole('tab', { name: 'Upload Files' }));
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    expect(screen.getByLabelText('Upload progress for capitulo-uno.json')).toHaveAttribute(
      'value',
      '100',
    );
  });

  it('reports a refused upload and stays on Upload Files', async () => {
    stubApi({
      'GET /api/admin/files': () => json(200, { files: [] }),
      'POST /api/admin/files?bucket=audios': () =>
        json(415, {
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'File content does not match declared type',
          },
        }),
    });
    const user = userEvent.setup();
    renderWithQuery(<UploadTab />);
    await user.upload(
      screen.getByLabelText('Choose audio files'),
      new File(['not audio'], 'fake.mp3', { type: 'audio/mpeg' }),
    );
    const message = await screen.findByText('File content does not match declared type');
    expect(message.closest('li')).toHaveAttribute('data-status', 'error');
    expect(toast.error).toHaveBeenCalledWith('Upload failed', {
      description: 'fake.mp3: File content does not match declared type',
    });
    expect(screen.getByRole('tab', { name: 'Upload Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByText('fake.mp3')).not.toBeInTheDocument();
  });

  it('stays on Upload Files after a mixed batch, showing the refusal and what was stored', async () => {
    let files: AdminFile[] = [];
    const fetch = stubApi({
      'GET /api/admin/files': () => json(200, { files }),
      'POST /api/admin/files?bucket=audios': () => {
        files = [audio];
        return uploaded(audio);
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithQuery(<UploadTab />);
    // The status region is there before anything happens, so the notice is announced.
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    // A PNG chosen with an MP3 on the Audio card (issue 23: the view used to move on at once).
    await user.upload(screen.getByLabelText('Choose audio files'), [
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'portada.png', { type: 'image/png' }),
      new File([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], 'capitulo-uno.mp3', {
        type: 'audio/mpeg',
      }),
    ]);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Audio Uploaded', {
        description: 'capitulo-uno.mp3',
      }),
    );
    expect(
      within(status).getByRole('heading', { name: 'Not Every File Was Uploaded' }),
    ).toBeVisible();
    expect(status).toHaveTextContent(
      'Audio Files: 1 file uploaded, 1 refused. The refusal is listed on the card; the uploaded file is in Manage Files.',
    );
    expect(screen.getByRole('tab', { name: 'Upload Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const uploads = screen.getByRole('list', { name: 'Audio Files uploads' });
    const refused = within(uploads).getByText('File type image/png is not supported');
    expect(refused.closest('li')).toHaveTextContent('portada.png');
    expect(refused.closest('li')).toHaveAttribute('data-status', 'error');
    expect(toast.error).toHaveBeenCalledWith('Upload failed', {
      description: 'portada.png: File type image/png is not supported',
    });
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);

    // The notice leads to what was stored.
    await user.click(within(status).getByRole('button', { name: 'Open Manage Files' }));
    expect(screen.getByRole('tab', { name: 'Manage Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'capitulo-uno.m4a' })).toBeInTheDocument();

    // Back on the cards, Dismiss clears the notice; a batch wholly stored moves on again.
    await user.click(screen.getByRole('tab', { name: 'Upload Files' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.upload(
      screen.getByLabelText('Choose audio files'),
      new File([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], 'capitulo-dos.mp3', {
        type: 'audio/mpeg',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Manage Files' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  });
});

describe('Files tab', () => {
  it('lists, searches and filters files, with an open link only for public ones', async () => {
    stubApi({ 'GET /api/admin/files': () => json(200, { files: [audio, transcript, cover] }) });
    const user = userEvent.setup();
    renderWithQuery(<FilesTab />);

    const grid = await screen.findByRole('list', { name: 'Files' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    const audioCard = screen.getByRole('heading', { name: 'capitulo-uno.m4a' }).closest('li')!;
    expect(within(audioCard).getByText('audio/x-m4a')).toBeInTheDocument();
    expect(within(audioCard).getByText('633.98 KB')).toBeInTheDocument();
    expect(within(audioCard).getByText('Jan 16, 2026')).toBeInTheDocument();
    expect(within(audioCard).queryByRole('link')).not.toBeInTheDocument();
    const coverCard = screen.getByRole('heading', { name: 'portada.png' }).closest('li')!;
    expect(within(coverCard).getByRole('link', { name: /Open portada.png/ })).toHaveAttribute(
      'href',
      '/api/files/series-images/2026/01/p.png',
    );

    await user.click(screen.getByRole('button', { name: 'Documents' }));
    expect(screen.getByRole('button', { name: 'Documents' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'capitulo-uno.json' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Video' }));
    expect(screen.getByRole('heading', { name: 'No files found' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All Files' }));
    await user.type(screen.getByLabelText('Search files'), 'PORTADA');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'portada.png',
    ]);
  });

  it('deletes a file after confirmation', async () => {
    let files = [audio, cover];
    const fetch = stubApi({
      'GET /api/admin/files': () => json(200, { files }),
      [`DELETE /api/admin/files/${audio.id}`]: () => {
        files = [cover];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<FilesTab />);

    await user.click(await screen.findByRole('button', { name: 'Delete capitulo-uno.m4a' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete File' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('File deleted', {
        description: 'capitulo-uno.m4a',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'capitulo-uno.m4a' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('tells when a delete or a download fails', async () => {
    stubApi({
      'GET /api/admin/files': () => json(200, { files: [audio] }),
      [`DELETE /api/admin/files/${audio.id}`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'File not found' } }),
      [`GET /api/admin/files/${audio.id}/download`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'File not found' } }),
    });
    const user = userEvent.setup();
    renderWithQuery(<FilesTab />);

    await user.click(await screen.findByRole('button', { name: 'Download capitulo-uno.m4a' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Download failed', {
        description: 'File not found',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete capitulo-uno.m4a' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Delete failed', { description: 'File not found' }),
    );
  });

  it('shows where each file is used and asks the server for story, use and sort', async () => {
    const unusedFile = adminFile({
      id: '33333333-3333-4333-8333-000000000009',
      originalFilename: 'olvidado.pdf',
      unused: true,
    });
    const coverInUse: AdminFile = {
      ...cover,
      uses: [
        { kind: 'cover', storyId: STORY_ID, storyTitle: 'El faro' },
        { kind: 'published-cover', storyId: STORY_ID, storyTitle: 'El faro' },
      ],
    };
    const fetch = stubApi({
      'GET /api/admin/files': () => json(200, { files: [linkedAudio, coverInUse, transcript] }),
      'GET /api/admin/files?usage=unused&sort=name': () => json(200, { files: [unusedFile] }),
      'GET /api/admin/files/association-targets': () => json(200, { stories }),
      [`GET /api/admin/files?storyId=${STORY_ID}`]: () =>
        json(200, { files: [linkedAudio, coverInUse] }),
      [`GET /api/admin/files?storyId=${STORY_ID}&usage=in-use&sort=size&order=asc`]: () =>
        json(200, { files: [coverInUse, linkedAudio] }),
    });
    const user = userEvent.setup();
    renderWithQuery(<FilesTab />);

    const audioCard = (await screen.findByRole('heading', { name: 'capitulo-uno.m4a' })).closest(
      'li',
    )!;
    expect(within(audioCard).getByText('In use')).toBeInTheDocument();
    expect(within(audioCard).getByRole('list', { name: 'Used in' })).toHaveTextContent(
      'El faro → La tormenta (audio)',
    );
    const coverCard = screen.getByRole('heading', { name: 'portada.png' }).closest('li')!;
    expect(
      within(within(coverCard).getByRole('list', { name: 'Used in' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['El faro (cover)', 'El faro (published cover)']);
    const transcriptCard = screen
      .getByRole('heading', { name: 'capitulo-uno.json' })
      .closest('li')!;
    expect(within(transcriptCard).getByText('Not attached yet')).toBeInTheDocument();
    expect(within(transcriptCard).getByText(/listed as unused 24 hours after/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Filter by story'), 'El faro');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Files' })).getAllByRole('heading'),
      ).toHaveLength(2),
    );
    await user.selectOptions(screen.getByLabelText('Filter by use'), 'In use');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Smallest first');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Files' }))
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['portada.png', 'capitulo-uno.m4a']),
    );
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked).toContain(
      `/api/admin/files?storyId=${STORY_ID}&usage=in-use&sort=size&order=asc`,
    );
  });

  it('lists the uses of a file in use and detaches it everywhere once confirmed', async () => {
    let files = [linkedAudio, cover];
    const fetch = stubApi({
      'GET /api/admin/files': () => json(200, { files }),
      [`DELETE /api/admin/files/${audio.id}?detach=true`]: () => {
        files = [cover];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<FilesTab />);

    await user.click(await screen.findByRole('button', { name: 'Delete capitulo-uno.m4a' }));
    const dialog = screen.getByRole('alertdialog', { name: 'File in use' });
    expect(dialog).toHaveTextContent('"capitulo-uno.m4a" is used in 1 place.');
    expect(within(dialog).getByRole('list', { name: 'Used in' })).toHaveTextContent(
      'El faro → La tormenta (audio)',
    );
    // Nothing is sent before the explicit confirmation.
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Detach and delete' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('File deleted', {
        description: 'capitulo-uno.m4a',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'capitulo-uno.m4a' })).not.toBeInTheDocument(),
    );
    expect(
      fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
    ).toEqual([`/api/admin/files/${audio.id}?detach=true`]);
  });

  it('shows the uses the server names when it refuses a delete, then detaches on confirmation', async () => {
    let detached = false;
    stubApi({
      'GET /api/admin/files': () => json(200, { files: detached ? [] : [cover] }),
      [`DELETE /api/admin/files/${cover.id}`]: () =>
        json(409, {
          error: {
            code: 'CONFLICT',
            message: 'portada.png is in use: El faro (cover)',
            details: { problems: ['El faro (cover)'], hint: 'Detach it everywhere…' },
          },
        }),
      [`DELETE /api/admin/files/${cover.id}?detach=true`]: () => {
        detached = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<FilesTab />);

    await user.click(await screen.findByRole('button', { name: 'Delete portada.png' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete File' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'File in use' });
    expect(dialog).toHaveTextContent('Delete refused: "portada.png" is in use now, in 1 place.');
    expect(within(dialog).getByRole('list', { name: 'Used in' })).toHaveTextContent(
      'El faro (cover)',
    );
    expect(toast.error).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Detach and delete' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('File deleted', { description: 'portada.png' }),
    );
    expect(await screen.findByRole('heading', { name: 'No files found' })).toBeInTheDocument();
  });

  it('cleans up the unused files after a confirmation that names them', async () => {
    const old1 = adminFile({
      id: '33333333-3333-4333-8333-000000000011',
      originalFilename: 'abandonado.m4a',
      fileSize: 1024,
      unused: true,
    });
    const old2 = adminFile({
      id: '33333333-3333-4333-8333-000000000012',
      originalFilename: 'borrador.json',
      fileSize: 2048,
      unused: true,
    });
    let unused = [old1, old2];
    const fetch = stubApi({
      'GET /api/admin/files': () => json(200, { files: [...unused, audio] }),
      'GET /api/admin/files?usage=unused&sort=name': () => json(200, { files: unused }),
      'POST /api/admin/files/cleanup': () => {
        unused = [];
        return json(200, {
          removed: [
            { id: old1.id, originalFilename: old1.originalFilename },
            { id: old2.id, originalFilename: old2.originalFilename },
          ],
          kept: 0,
        });
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<FilesTab />);

    const region = await screen.findByRole('region', { name: '2 unused files' });
    expect(region).toHaveTextContent('(3 KB in all)');
    const oldCard = screen.getByRole('heading', { name: 'abandonado.m4a' }).closest('li')!;
    expect(within(oldCard).getByText('Unused')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Clean up 2 unused files' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clean Up Unused Files' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Files to delete' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['abandonado.m4a1 KB', 'borrador.json2 KB']);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Clean up 2 unused files' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Unused files cleaned up', {
        description: '2 files removed.',
      }),
    );
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ fileIds: [old1.id, old2.id] });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /unused file/ })).not.toBeInTheDocument(),
    );
  });

  it('shows the empty state when nothing was uploaded', async () => {
    stubApi({ 'GET /api/admin/files': () => json(200, { files: [] }) });
    renderWithQuery(<FilesTab />);
    expect(await screen.findByRole('heading', { name: 'No files found' })).toBeInTheDocument();
  });
});

describe('Associate tab', () => {
  it('links the chosen files to a chapter', async () => {
    const fetch = stubApi({
      'GET /api/admin/files': () => json(200, { files: [linkedAudio, transcript, cover] }),
      'GET /api/admin/files/association-targets': () => json(200, { stories }),
      [`POST /api/admin/chapters/${CHAPTER_2}/files`]: () =>
        json(200, {
          chapter: {
            ...stories[0]!.chapters[1]!,
            audioFileId: audio.filePath,
            transcriptFileId: transcript.filePath,
            duration: 94,
          },
        }),
    });
    const user = userEvent.setup();
    renderWithQuery(<AssociateTab />);

    expect(screen.getByRole('heading', { name: 'File Association' })).toBeInTheDocument();
    const storySelect = await screen.findByLabelText('Story');
    expect(within(storySelect).getByRole('option', { name: 'El faro (2 chapters)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Associate 0 File(s)' })).toBeDisabled();

    await user.selectOptions(storySelect, STORY_ID);
    await user.selectOptions(screen.getByLabelText('Chapter'), CHAPTER_2);

    const list = screen.getByRole('list', { name: 'Files to associate' });
    const audioButton = within(list).getByRole('button', { name: /capitulo-uno\.m4a/ });
    expect(within(audioButton).getByText('Associated')).toBeInTheDocument();
    await user.click(audioButton);
    await user.click(within(list).getByRole('button', { name: /capitulo-uno\.json/ }));
    expect(audioButton).toHaveAttribute('aria-pressed', 'true');

    // The bucket filter and the search narrow the list; the selection stays.
    await user.selectOptions(screen.getByLabelText('Bucket'), 'series-images');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Bucket'), 'all');
    await user.type(screen.getByLabelText('Search by file name'), 'portada');
    expect(within(list).getAllByRole('button')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Associate 2 File(s)' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Files Associated', {
        description: '2 file(s) linked to La calma',
      }),
    );
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      fileIds: [audio.id, transcript.id],
    });
    expect(screen.getByRole('button', { name: 'Associate 0 File(s)' })).toBeDisabled();
  });

  it('reports a refused association', async () => {
    stubApi({
      'GET /api/admin/files': () => json(200, { files: [audio] }),
      'GET /api/admin/files/association-targets': () => json(200, { stories }),
      [`POST /api/admin/chapters/${CHAPTER_1}/files`]: () =>
        json(404, {
          error: { code: 'NOT_FOUND', message: 'Chapter not found or no changes made' },
        }),
    });
    const user = userEvent.setup();
    renderWithQuery(<AssociateTab />);
    await user.selectOptions(await screen.findByLabelText('Story'), STORY_ID);
    await user.selectOptions(screen.getByLabelText('Chapter'), CHAPTER_1);
    // The chapter's files by their original names, never their storage keys.
    expect(screen.getByText('Audio').nextSibling).toHaveTextContent('capitulo-uno.m4a');
    expect(screen.getByText('Transcript').nextSibling).toHaveTextContent('A file not in the list');
    expect(screen.queryByText('2026/01/a.m4a')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /capitulo-uno\.m4a/ }));
    await user.click(screen.getByRole('button', { name: 'Associate 1 File(s)' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Association Failed', {
        description: 'Chapter not found or no changes made',
      }),
    );
  });

  it('lists links as story → chapter and unassociates them', async () => {
    let files = [linkedAudio, transcript];
    const fetch = stubApi({
      'GET /api/admin/files': () => json(200, { files }),
      'GET /api/admin/files/association-targets': () => json(200, { stories }),
      [`DELETE /api/admin/files/${audio.id}/association`]: () => {
        files = [audio, transcript];
        return json(200, { chaptersUpdated: 1 });
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<AssociateTab />);
    await user.click(screen.getByRole('tab', { name: 'Manage Associations' }));

    const rows = await screen.findByRole('list', { name: 'Associated files' });
    expect(within(rows).getByText('El faro → La tormenta')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unassociate capitulo-uno.m4a' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('File Unassociated', {
        description: 'capitulo-uno.m4a',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No Associated Files' })).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('tells when unassociating fails', async () => {
    stubApi({
      'GET /api/admin/files': () => json(200, { files: [linkedAudio] }),
      'GET /api/admin/files/association-targets': () => json(200, { stories }),
      [`DELETE /api/admin/files/${audio.id}/association`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'No associations found to remove' } }),
    });
    const user = userEvent.setup();
    renderWithQuery(<AssociateTab />);
    await user.click(screen.getByRole('tab', { name: 'Manage Associations' }));
    await user.click(await screen.findByRole('button', { name: 'Unassociate capitulo-uno.m4a' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Unassociation Failed', {
        description: 'No associations found to remove',
      }),
    );
  });

  it('shows the overview counts with the percent in use per bucket, covers included', async () => {
    const coverInUse: AdminFile = {
      ...cover,
      uses: [{ kind: 'cover', storyId: STORY_ID, storyTitle: 'El faro' }],
    };
    stubApi({
      'GET /api/admin/files': () =>
        json(200, { files: [linkedAudio, audio, transcript, coverInUse] }),
      'GET /api/admin/files/association-targets': () => json(200, { stories }),
    });
    const user = userEvent.setup();
    renderWithQuery(<AssociateTab />);
    await user.click(screen.getByRole('tab', { name: 'Overview' }));

    const total = await screen.findByText('Total Files');
    expect(total.nextSibling).toHaveTextContent('4');
    expect(screen.getByText('Associated Files').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Unassociated Files').nextSibling).toHaveTextContent('2');
    const bucket = (label: string) => screen.getByText(label).closest('li');
    expect(bucket('Audio Files')).toHaveTextContent('2 files · 50% in use');
    // Issue 23: the images, every one a story's cover, read "0% linked".
    expect(bucket('Images')).toHaveTextContent('1 file · 100% in use');
    expect(bucket('General Uploads')).toHaveTextContent('0 files · 0% in use');
  });
});

describe('associationStats', () => {
  it('counts files in use overall and per bucket', () => {
    const stats = associationStats([linkedAudio, audio, audio, transcript]);
    expect(stats).toMatchObject({ total: 4, associated: 1, unassociated: 3 });
    expect(stats.buckets.find((entry) => entry.bucket === 'audios')).toEqual({
      bucket: 'audios',
      total: 3,
      associated: 1,
      percent: 33,
    });
    expect(associationStats([]).buckets.every((entry) => entry.percent === 0)).toBe(true);
    // A logo, a home page image or a profile picture is in use too.
    const logo: AdminFile = { ...cover, uses: [{ kind: 'logo' }] };
    expect(
      associationStats([logo, cover]).buckets.find((entry) => entry.bucket === 'series-images'),
    ).toMatchObject({ total: 2, associated: 1, percent: 50 });
  });
});
