import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import type { ChapterProgress } from '#shared/contracts/progress';
import type { Transcript, TranscriptWord } from '#shared/transcript';
import {
  AUTOPLAY_ARG,
  CHROMIUM_ARGS,
  chromiumExecutable,
} from '../../../scripts/chromium-flags.ts';
import { listStories } from './demo-library';
import { expect } from './fixtures';
import { waitingEntries } from './learner-sync';

/**
 * playwright.config.ts's Chromium, plus autoplay without a user gesture: media then plays in
 * headless Chromium through its null audio sink and the audio clock advances in real time.
 */
export const PLAYER_LAUNCH_OPTIONS = {
  executablePath: chromiumExecutable(),
  args: [...CHROMIUM_ARGS, AUTOPLAY_ARG],
};

/** The demo page's built-in transcript, as shipped with the client. */
export const demoTranscript = (): Transcript =>
  JSON.parse(
    readFileSync(
      new URL('../../../src/client/features/demo/sample-transcript.json', import.meta.url),
      'utf8',
    ),
  ) as Transcript;

export async function transcriptOf(
  request: APIRequestContext,
  chapterId: string,
): Promise<Transcript> {
  const response = await request.get(`/api/chapters/${chapterId}/transcript`);
  expect(response.status(), `transcript of ${chapterId}`).toBe(200);
  return (await response.json()) as Transcript;
}

/** Segment `s`, word `w` of the transcript (with its gloss, asserted present). */
export function wordAt(transcript: Transcript, s: number, w: number) {
  const segment = transcript.segments[s];
  const word: TranscriptWord | undefined = segment?.words[w];
  if (!segment || !word) throw new Error(`no word ${w} in segment ${s}`);
  if (!word.gloss) throw new Error(`word ${word.id} has no gloss`);
  return { segment, word, gloss: word.gloss };
}

export interface AudioSnapshot {
  currentTime: number;
  paused: boolean;
  readyState: number;
  playbackRate: number;
  duration: number;
}

/** The page's one <audio> element (the player's and the demo's). */
export const audioElement = (page: Page): Locator => page.locator('audio');

export const audioState = (page: Page): Promise<AudioSnapshot> =>
  audioElement(page).evaluate((audio: HTMLAudioElement) => ({
    currentTime: audio.currentTime,
    paused: audio.paused,
    readyState: audio.readyState,
    playbackRate: audio.playbackRate,
    duration: audio.duration,
  }));

export const currentTime = async (page: Page) => (await audioState(page)).currentTime;

/** HAVE_METADATA or better: the duration is known and seeks are accepted. */
export async function waitForAudioMetadata(page: Page) {
  await expect
    .poll(async () => (await audioState(page)).readyState, { message: 'audio readyState' })
    .toBeGreaterThanOrEqual(1);
}

export const playerBar = (page: Page) => page.getByRole('region', { name: 'Audio player' });

/** The transcript's line `s` (0-based) and its word `w` (0-based within the line). */
export const lineItem = (page: Page, s: number) => page.locator(`li[data-s="${s}"]`);
export const wordSpan = (page: Page, s: number, w: number) =>
  lineItem(page, s).locator('[data-w]').nth(w);

/** The index of the line carrying `aria-current`, or -1. */
export const activeLine = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelectorAll<HTMLElement>('li[data-s][aria-current="true"]');
    if (active.length !== 1) return active.length === 0 ? -1 : -2;
    return Number(active[0]!.dataset.s);
  });

/** The global index of the highlighted word, or -1. */
export const activeWord = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelectorAll<HTMLElement>('[data-w][data-active]');
    if (active.length !== 1) return active.length === 0 ? -1 : -2;
    return Number(active[0]!.dataset.w);
  });

/** Opens /player/{id} and waits for the title, the transcript and the audio's metadata. */
export async function openPlayer(page: Page, chapter: { id: string; title: string }) {
  await page.goto(`/player/${chapter.id}`);
  await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
  await expect(lineItem(page, 0)).toBeVisible();
  await waitForAudioMetadata(page);
}

/**
 * Seeks with the keyboard on the seek slider: Page Up moves 10 s forward. Each press waits for its
 * seek to land, as a learner pressing the key would (presses closer together than the slider's
 * re-render are lost: see the report on SeekBar's onKeyDown).
 */
export async function seekForwardWithSlider(page: Page, times: number) {
  const slider = playerBar(page).getByRole('slider', { name: 'Seek' });
  await slider.focus();
  for (let step = 0; step < times; step++) {
    const before = await currentTime(page);
    await slider.press('PageUp');
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before + 9.9);
  }
}

/** Presses Play and waits until the audio clock passes `atLeast` seconds. */
export async function playUntil(page: Page, atLeast: number) {
  await playerBar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(() => currentTime(page), { message: `audio clock past ${atLeast} s`, timeout: 15_000 })
    .toBeGreaterThan(atLeast);
}

/** Presses Pause and returns the position where the audio stopped. */
export async function pause(page: Page): Promise<number> {
  await playerBar(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  return currentTime(page);
}

export interface ProgressSave {
  status: number;
  positionSeconds: number;
}

/** Records every answered POST /api/progress of the page (status and the position sent). */
export function recordProgressSaves(page: Page): ProgressSave[] {
  const saves: ProgressSave[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/progress') return;
    const body = request.postDataJSON() as { positionSeconds: number };
    saves.push({ status: response.status(), positionSeconds: body.positionSeconds });
  });
  return saves;
}

/** The signed-in user's stored progress of a chapter, or null. */
export async function storedProgress(
  request: APIRequestContext,
  chapterId: string,
): Promise<ChapterProgress | null> {
  const response = await request.get(`/api/progress?chapterIds=${chapterId}`);
  expect(response.status()).toBe(200);
  const { progress } = (await response.json()) as { progress: ChapterProgress[] };
  return progress.find((entry) => entry.chapterId === chapterId) ?? null;
}

/** The progress saves of a chapter waiting in the browser for the server. */
export const queuedSaves = async (page: Page, chapterId: string) =>
  (await waitingEntries<{ chapterId: string; positionSeconds: number }>(page, 'progress')).filter(
    (save) => save.chapterId === chapterId,
  );

/** The first chapter (by position) of the first listed story that needs an account. */
export async function signInOnlyFirstChapter(request: APIRequestContext) {
  const story = (await listStories(request)).find((candidate) => candidate.requiresLogin);
  if (!story) throw new Error('no story that needs an account is listed');
  const chapter = [...story.chapters].sort((a, b) => a.position - b.position)[0];
  if (!chapter) throw new Error(`${story.slug} has no chapters`);
  return { story, chapter };
}
