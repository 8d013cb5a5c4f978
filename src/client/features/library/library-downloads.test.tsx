// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, sessionOf, storyFixture, stubApi } from '#client/test/render-app';
import { recordAudioOnlyDownload } from '#client/test/download-record-fixture';

const [first, second] = storyFixture.chapters;

beforeEach(async () => {
  vi.stubGlobal('scrollTo', vi.fn());
  // Cache Storage is a browser API: the marks only need it to exist.
  vi.stubGlobal('caches', { open: () => Promise.resolve({ delete: () => Promise.resolve(true) }) });
  stubApi({
    'GET /api/stories': () => json(200, { stories: [storyFixture] }),
    'GET /api/stories/by-slug/el-mercado': () => json(200, { story: storyFixture }),
    'GET /api/auth/session': sessionOf(null),
  });
  await recordAudioOnlyDownload(storyFixture, { ...first!, position: 1 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('downloaded chapters are marked', () => {
  it('in the library: the story card counts them, the chapter list marks them', async () => {
    const user = userEvent.setup();
    renderApp('/library');
    const card = await screen.findByRole('article', { name: storyFixture.title });
    expect(await within(card).findByText('1 of 2 chapters downloaded')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^Show Chapters/ }));
    const rows = within(card).getAllByRole('listitem');
    expect(within(rows[0]!).getByTestId('downloaded-mark')).toHaveTextContent('Downloaded');
    expect(within(rows[1]!).queryByTestId('downloaded-mark')).not.toBeInTheDocument();
  });

  it('on the story page: the chapter list marks them, and the rest can be downloaded', async () => {
    renderApp('/story/el-mercado');
    const chapters = await screen.findByRole('region', { name: 'Chapters' });
    const rows = within(chapters).getAllByRole('listitem');
    expect(await within(rows[0]!).findByTestId('downloaded-mark')).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('downloaded-mark')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(second!.title);
    expect(
      await screen.findByRole('button', { name: /^Download the last chapter\s*:\s*El mercado$/ }),
    ).toBeVisible();
  });
});
