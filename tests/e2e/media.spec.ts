import type { Transcript } from '#shared/transcript';
import { expect, test } from './support/fixtures';
import { openStoryFirstChapter } from './support/demo-library';

test.describe('chapter media', () => {
  test('audio answers a byte range with 206 and exactly those bytes', async ({ request }) => {
    const { chapter } = await openStoryFirstChapter(request);
    const url = `/api/chapters/${chapter.id}/audio`;

    const whole = await request.head(url);
    expect(whole.status()).toBe(200);
    const size = Number(whole.headers()['content-length']);
    expect(size).toBeGreaterThan(1024);

    const response = await request.get(url, { headers: { Range: 'bytes=0-1023' } });
    expect(response.status()).toBe(206);
    expect(response.headers()['content-range']).toBe(`bytes 0-1023/${size}`);
    expect(response.headers()['content-type']).toBe('audio/mp4');
    expect(response.headers()['accept-ranges']).toBe('bytes');
    const body = await response.body();
    expect(body.length).toBe(1024);
    // An MP4 container starts with its `ftyp` box.
    expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  test('an unsatisfiable range answers 416', async ({ request }) => {
    const { chapter } = await openStoryFirstChapter(request);
    const url = `/api/chapters/${chapter.id}/audio`;
    const size = Number((await request.head(url)).headers()['content-length']);

    const response = await request.get(url, { headers: { Range: `bytes=${size}-` } });
    expect(response.status()).toBe(416);
    expect(response.headers()['content-range']).toBe(`bytes */${size}`);
  });

  test('the transcript is JSON whose segments carry timed words', async ({ request }) => {
    const { chapter } = await openStoryFirstChapter(request);
    const response = await request.get(`/api/chapters/${chapter.id}/transcript`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);

    const transcript = (await response.json()) as Transcript;
    expect(transcript.segments.length).toBeGreaterThan(0);
    for (const segment of transcript.segments) {
      expect(segment.words.length, `words of segment ${segment.id}`).toBeGreaterThan(0);
      for (const word of segment.words) {
        expect(word.text).not.toBe('');
        expect(word.end).toBeGreaterThanOrEqual(word.start);
      }
    }
  });

  test('the player loads the audio of the open story', async ({ page, request }) => {
    const { story, chapter } = await openStoryFirstChapter(request);
    await page.goto(`/player/${chapter.id}`);

    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(page.getByText(story.title, { exact: true })).toBeVisible();

    const audio = page.getByLabel(`Audio: ${chapter.title}`);
    await expect(audio).toHaveAttribute('src', `/api/chapters/${chapter.id}/audio`);
    // HAVE_METADATA (1) or better: the browser read the duration from the file.
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState))
      .toBeGreaterThanOrEqual(1);
    const duration = await audio.evaluate((element: HTMLAudioElement) => element.duration);
    expect(duration).toBeGreaterThan(0);
    if (chapter.duration !== null) expect(Math.abs(duration - chapter.duration)).toBeLessThan(2);

    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByRole('listitem').first()).toBeVisible();
  });
});
