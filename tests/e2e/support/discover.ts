import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import type { ChapterProgress } from '#shared/contracts/progress';
import type { Chapter, Story } from '#shared/contracts/stories';
import { E2E_ADMIN } from './accounts.ts';
import { listStories } from './demo-library.ts';

/** The demo stories the discover journeys use (content/stories). */
export const DEMO = {
  open: { slug: 'la-panaderia-de-la-calle-luna', title: 'La panadería de la calle Luna' },
  paraguas: { slug: 'el-paraguas-rojo', title: 'El paraguas rojo' },
  faro: { slug: 'las-cartas-del-faro', title: 'Las cartas del faro' },
  olivos: { slug: 'la-memoria-de-los-olivos', title: 'La memoria de los olivos' },
} as const;

/** A demo story as the API lists it, with its chapters in reading order. */
export async function storyBySlug(
  request: APIRequestContext,
  slug: string,
): Promise<{ story: Story; chapters: Chapter[] }> {
  const story = (await listStories(request)).find((candidate) => candidate.slug === slug);
  if (!story) throw new Error(`The demo story ${slug} is not listed`);
  const chapters = [...story.chapters].sort((a, b) => a.position - b.position);
  return { story, chapters };
}

/** The duration the API reports for a chapter (the demo chapters all have one). */
export function durationOf(chapter: Chapter): number {
  if (chapter.duration === null) throw new Error(`Chapter ${chapter.title} has no duration`);
  return chapter.duration;
}

/** Saves a listening position through the API, as the player does (signed-in request). */
export async function saveProgress(
  request: APIRequestContext,
  chapter: Chapter,
  positionSeconds: number,
): Promise<ChapterProgress> {
  const now = Date.now();
  const response = await request.post('/api/progress', {
    data: {
      chapterId: chapter.id,
      positionSeconds,
      durationSeconds: durationOf(chapter),
      clientTimestamp: now,
      sentAt: now,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { applied: boolean; progress: ChapterProgress };
  expect(body.applied).toBe(true);
  return body.progress;
}

/** Runs `work` with the administrator signed in, in a browser context of its own. */
export async function asAdmin<T>(
  browser: Browser,
  baseURL: string,
  work: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    const signIn = await context.request.post('/api/auth/sign-in', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signIn.status()).toBe(200);
    return await work(context.request);
  } finally {
    await context.close();
  }
}

/** The number of stored feedback rows, as the admin dashboard counts them. */
export async function feedbackCount(adminRequest: APIRequestContext): Promise<number> {
  const response = await adminRequest.get('/api/admin/dashboard');
  expect(response.status()).toBe(200);
  const { counts } = (await response.json()) as { counts: { feedback: number } };
  return counts.feedback;
}
