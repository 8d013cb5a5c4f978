import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { AdminStory } from '#shared/contracts/admin-stories';

/**
 * An administrator making a lesson in the studio, driven through the real pages: the story wizard
 * (a recording and its plain text per chapter), the alignment, "Fill missing translations",
 * review mode with the keyboard, publishing from the dashboard (with its confirmation) and the
 * export. Shared by the journey tests/e2e/studio-five-minutes.spec.ts and the making run
 * scripts/content/make-studio-stories.ts, so it uses playwright-core only (no test fixtures:
 * the script runs outside Playwright Test) and says what went wrong by throwing.
 *
 * Every key pressed, control clicked and character typed goes through `Administrator`, which
 * counts them: a key press or a click is a decision, typed characters are counted apart.
 */

/** What an administrator did: decisions (key presses, clicks, files chosen) and typing. */
export interface ActionCounts {
  keys: number;
  clicks: number;
  typed: number;
}

export const noActions = (): ActionCounts => ({ keys: 0, clicks: 0, typed: 0 });
export const decisionsOf = (counts: ActionCounts) => counts.keys + counts.clicks;

/** How long each step may take on a busy 2-core machine. */
export const STEP_TIMEOUT = 20_000;

export class Administrator {
  readonly counts: ActionCounts = noActions();
  /** How often each key was pressed ('Tab', 'Enter', '1'…). */
  readonly keys = new Map<string, number>();

  /**
   * `pointer`: where no key reaches (a gloss past the ninth), the administrator clicks; without
   * it, the keyboard only (Tab to the control, then Enter).
   */
  constructor(
    readonly page: Page,
    readonly options: { pointer?: boolean } = {},
  ) {}

  async press(key: string) {
    this.counts.keys += 1;
    this.keys.set(key, (this.keys.get(key) ?? 0) + 1);
    await this.page.keyboard.press(key);
  }

  async type(text: string) {
    this.counts.typed += [...text].length;
    await this.page.keyboard.type(text);
  }

  /** A field filled by typing into it (the characters are counted). */
  async fill(field: Locator, text: string) {
    this.counts.clicks += 1;
    this.counts.typed += [...text].length;
    await field.fill(text);
  }

  async click(control: Locator) {
    this.counts.clicks += 1;
    await control.click();
  }

  async chooseFile(input: Locator, file: string) {
    this.counts.clicks += 1;
    await input.setInputFiles(file);
  }

  /** The counts since `before` (a copy of `counts` taken then). */
  since(before: ActionCounts): ActionCounts {
    return {
      keys: this.counts.keys - before.keys,
      clicks: this.counts.clicks - before.clicks,
      typed: this.counts.typed - before.typed,
    };
  }

  snapshot(): ActionCounts {
    return { ...this.counts };
  }
}

// ---------------------------------------------------------------------------------------------
// The wizard

export interface WizardChapter {
  title: string;
  /** The recording (.m4a, .mp3…). */
  audio: string;
  /** Its plain text, one paragraph a line (decision 048). */
  text: string;
  /** How many sentences the wizard should count in the text. */
  sentences: number;
}

export interface WizardStory {
  title: string;
  description: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced';
  /** The library's "new words" figure, when the administrator knows it. */
  newWords?: number;
  cover: string;
  chapters: WizardChapter[];
}

async function visible(locator: Locator, timeout = STEP_TIMEOUT) {
  await locator.waitFor({ state: 'visible', timeout });
}

/**
 * Creates the story in the wizard from the dashboard, and stops on its success page (each
 * chapter's alignment started by the server).
 */
export async function createStoryInWizard(admin: Administrator, story: WizardStory) {
  const { page } = admin;
  await page.goto('/admin/content');
  await page.waitForSelector('html[data-app-ready="true"]', { state: 'attached' });
  await admin.click(page.getByRole('button', { name: 'Create New Story' }));
  await admin.fill(page.getByLabel(/Story Title/), story.title);
  await page.getByLabel(/Difficulty Level/).selectOption(story.level);
  admin.counts.clicks += 1;
  if (story.newWords !== undefined) {
    await admin.fill(page.getByLabel(/New Words Count/), String(story.newWords));
  }
  await admin.fill(page.getByLabel(/^Description/), story.description);
  await admin.click(page.getByRole('button', { name: 'Next' }));

  await admin.chooseFile(page.getByLabel('Cover image file'), story.cover);
  await visible(page.getByRole('img', { name: 'Cover image preview' }));
  await admin.click(page.getByRole('button', { name: 'Next' }));

  for (const [index, chapter] of story.chapters.entries()) {
    const number = index + 1;
    await admin.click(page.getByRole('button', { name: 'Add Chapter' }));
    const card = page.getByRole('group', { name: `Chapter ${number}` });
    await admin.click(card.getByRole('button', { name: /^Edit title:/ }));
    const titleField = card.getByRole('textbox', { name: `Chapter ${number} title` });
    await titleField.fill('');
    await admin.type(chapter.title);
    await admin.press('Enter');
    await admin.chooseFile(card.getByLabel(`Audio file for chapter ${number}`), chapter.audio);
    await visible(card.getByText(path.basename(chapter.audio)), 60_000);
    await admin.chooseFile(card.getByLabel(`Transcript file for chapter ${number}`), chapter.text);
    await visible(
      card.getByText(`${path.basename(chapter.text)} · ${chapter.sentences} sentences`),
    );
  }
  await admin.click(page.getByRole('button', { name: 'Next' }));
  await admin.click(page.getByRole('button', { name: 'Create Story' }));
  await visible(page.getByRole('heading', { name: 'Story Created Successfully!' }), 60_000);
}

/** The story of this title, as the administrators' API lists it. */
export async function storyTitled(page: Page, title: string): Promise<AdminStory> {
  const response = await page.request.get('/api/admin/stories');
  if (!response.ok()) throw new Error(`listing stories answered ${response.status()}`);
  const { stories } = (await response.json()) as { stories: AdminStory[] };
  const story = stories.find((candidate) => candidate.title === title);
  if (!story) throw new Error(`no story titled ${title}`);
  return story;
}

// ---------------------------------------------------------------------------------------------
// The studio: alignment and "Fill missing translations"

export const studioPath = (chapterId: string) => `/admin/chapters/${chapterId}/studio`;

/**
 * Waits in the chapter's studio until the alignment the wizard started has made its sentences
 * (the editor lists them), and returns the seconds it waited.
 */
export async function waitForAlignment(page: Page, sentences: number, timeout: number) {
  const started = Date.now();
  await visible(page.getByRole('article', { name: `Sentence ${sentences}`, exact: true }), timeout);
  await visible(page.getByRole('button', { name: 'Fill missing translations' }));
  return (Date.now() - started) / 1000;
}

/** Presses "Fill missing translations" and returns what the studio says it did. */
export async function fillMissingTranslations(admin: Administrator): Promise<string> {
  const { page } = admin;
  const button = page.getByRole('button', { name: 'Fill missing translations' });
  await admin.click(button);
  // The save bar's status says what was done (prefillSummary), in one of these openings.
  const said = page.getByRole('status').filter({
    hasText:
      /^(Every sentence|No sentence|\d+ sentences? (translated|filled)|Glosses filled|No gloss filled)/,
  });
  await visible(said.first(), 120_000);
  await visible(button);
  return (await said.first().innerText()).trim();
}

// ---------------------------------------------------------------------------------------------
// Review mode

const stage = (page: Page) => page.getByRole('region', { name: 'Review' });

/** Which sentence review mode shows, once it has arrived (its id, or 'summary' at the end). */
export async function arrivedAt(page: Page, notId?: string): Promise<string> {
  await page.waitForFunction(
    (previous) => {
      const ready = document.querySelector<HTMLElement>('section[aria-label="Review"]')?.dataset
        .reviewReady;
      return ready !== undefined && ready !== previous;
    },
    notId ?? null,
    { timeout: STEP_TIMEOUT },
  );
  return (await stage(page).getAttribute('data-review-ready'))!;
}

/** From the editor's offer, with the keyboard: the first sentence that waits. */
export async function startReview(admin: Administrator): Promise<string> {
  const start = admin.page.getByRole('button', { name: 'Start review' });
  await start.focus();
  await admin.press('Enter');
  return arrivedAt(admin.page);
}

export interface ShownGloss {
  /** As the review names the word ("la", "la (2)"). */
  label: string;
  gloss: string;
  /** Its number key, or null past nine (reached with Tab). */
  key: string | null;
  /** Listed as obvious (approved with the sentence) or to check. */
  obvious: boolean;
  /** Proposed by a machine (or missing), not yet approved. */
  waiting: boolean;
}

export interface ShownDoubt {
  /** The word's label, or null for the sentence's own timing. */
  word: string | null;
}

/** What review mode shows of the sentence it is on, as an administrator reads it. */
export interface ShownSentence {
  id: string;
  /** 1-based, as its heading says. */
  number: number;
  spanish: string;
  translation: string;
  /** "Machine · Apertium", "Machine · Translation memory", … or '' when a person's. */
  translationMark: string;
  glosses: ShownGloss[];
  doubts: ShownDoubt[];
}

export async function readSentence(page: Page): Promise<ShownSentence> {
  const id = (await stage(page).getAttribute('data-review-ready'))!;
  const shown = await stage(page)
    .locator('article')
    .evaluate((article) => {
      const text = (element: Element | null | undefined) =>
        (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const heading = text(article.querySelector('h2'));
      const editButton = [...article.querySelectorAll('button')].find(
        (button) => text(button).startsWith('Edit translation') || false,
      );
      const translationBlock = editButton?.parentElement;
      const paragraph = translationBlock?.querySelector('p');
      const noTranslation = paragraph?.querySelector('span') !== null;
      const markBlock = translationBlock?.previousElementSibling;
      const glosses = [
        ...article.querySelectorAll<HTMLButtonElement>('button[aria-label^="Change gloss of "]'),
      ].map((button) => {
        const label = button.getAttribute('aria-label')!.slice('Change gloss of '.length);
        const chip = button.closest('ul') !== null;
        const section = button.closest('section');
        const sectionTitle = text(section?.querySelector('h3, h4, p'));
        if (chip) {
          // A word never holds ': ' (9:30 has no space), a gloss may: the first one splits.
          const at = label.indexOf(': ');
          const gloss = label.slice(at + 2);
          return {
            label: label.slice(0, at),
            gloss: gloss === 'no gloss' ? '' : gloss,
            key: button.getAttribute('aria-keyshortcuts'),
            obvious: sectionTitle.startsWith('Obvious'),
            waiting: sectionTitle.startsWith('Obvious'),
          };
        }
        const row = button.closest('li')!;
        const spans = [...row.querySelectorAll(':scope > div > span')];
        const glossText = text(spans[2]);
        return {
          label,
          gloss: button.textContent?.trim() === 'Add' ? '' : glossText,
          key: button.getAttribute('aria-keyshortcuts'),
          obvious: false,
          waiting: true,
        };
      });
      const timing = [...article.querySelectorAll('section')].find((section) =>
        text(section.querySelector('h3, h4, p')).startsWith('Doubtful timing'),
      );
      const doubts = [...(timing?.querySelectorAll('li') ?? [])].map((item) => {
        const name = text(item.querySelector('span'));
        return { word: name === 'The whole sentence' ? null : name };
      });
      const line = article.querySelector('[lang="es"]');
      return {
        heading,
        spanish: text(line),
        translation: noTranslation ? '' : text(paragraph),
        translationMark: text(markBlock?.querySelector('span, small') ?? null),
        glosses,
        doubts,
      };
    });
  const number = Number(/Sentence (\d+)/.exec(shown.heading)?.[1]);
  return {
    id,
    number,
    spanish: shown.spanish,
    translation: shown.translation,
    translationMark: shown.translationMark,
    glosses: shown.glosses,
    doubts: shown.doubts,
  };
}

/** E, the whole proposal replaced by `text`, Enter: the translation is a person's now. */
export async function editTranslation(admin: Administrator, text: string) {
  const { page } = admin;
  await admin.press('e');
  const field = page.getByRole('textbox', { name: 'English translation' });
  await visible(field);
  await admin.press('ControlOrMeta+a');
  await admin.type(text);
  await admin.press('Enter');
  await field.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
}

/**
 * Opens a gloss's other senses: its number key, or — past nine — a click on its button, or with
 * the keyboard only Tab from the sentence to its button, then Enter.
 */
async function openGloss(admin: Administrator, gloss: ShownGloss) {
  const { page } = admin;
  const target = stage(page).getByRole('button', {
    name: new RegExp(`^Change gloss of ${escapeRegExp(gloss.label)}(:|$)`),
  });
  if (gloss.key) {
    await admin.press(gloss.key);
  } else if (admin.options.pointer) {
    await admin.click(target);
  } else {
    for (let tabs = 0; tabs < 200; tabs += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) break;
      await admin.press('Tab');
    }
    await admin.press('Enter');
  }
  await visible(stage(page).getByRole('group', { name: `Other senses of ${gloss.label}` }));
}

/** The senses offered for a gloss judged wrong, with their number keys. */
export async function offeredSenses(page: Page, label: string): Promise<string[]> {
  const group = stage(page).getByRole('group', { name: `Other senses of ${label}` });
  return group
    .locator('button[aria-keyshortcuts]')
    .evaluateAll((buttons) =>
      buttons.map((button) => (button.querySelector('span > span')?.textContent ?? '').trim()),
    );
}

/**
 * A gloss is wrong: its number, then the sense `choose` picks among those offered (its number
 * key), or else `own` typed (the first letter opens one's own gloss) and Enter.
 */
export async function correctGloss(
  admin: Administrator,
  gloss: ShownGloss,
  choose: (senses: string[]) => number | null,
  own: string,
): Promise<'sense' | 'typed'> {
  const { page } = admin;
  await openGloss(admin, gloss);
  const group = stage(page).getByRole('group', { name: `Other senses of ${gloss.label}` });
  const senses = await offeredSenses(page, gloss.label);
  const chosen = choose(senses);
  if (chosen !== null) {
    await admin.press(String(chosen + 1));
    await group.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    return 'sense';
  }
  const field = group.getByRole('textbox', { name: 'Your own gloss' });
  if (senses.length > 0 && !/^\p{L}/u.test(own)) {
    // Only a letter starts one's own gloss from the senses: Tab there first.
    while (!(await field.evaluate((element) => element === document.activeElement))) {
      await admin.press('Tab');
    }
  }
  await admin.type(own);
  await admin.press('Enter');
  await group.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  return 'typed';
}

/**
 * Enter: the sentence approved with its glosses. Resolves with where the review went: the next
 * sentence's id, or 'asked' when it stays to ask about a doubtful timing.
 */
export async function approve(admin: Administrator, current: ShownSentence) {
  await admin.press('Enter');
  return afterStep(admin.page, current.id);
}

/** T: the first doubtful timing accepted; where the review went (as `approve`). */
export async function acceptTiming(admin: Administrator, current: ShownSentence) {
  await admin.press('t');
  return afterStep(admin.page, current.id);
}

async function afterStep(page: Page, id: string): Promise<string> {
  const question = page.getByText('The text is approved. Is this timing right?');
  await page.waitForFunction(
    (previous) => {
      const element = document.querySelector<HTMLElement>('section[aria-label="Review"]');
      if (element?.dataset.reviewReady !== previous) return true;
      return element.textContent?.includes('Is this timing right?') ?? false;
    },
    id,
    { timeout: STEP_TIMEOUT },
  );
  const ready = (await stage(page).getAttribute('data-review-ready'))!;
  if (ready !== id) return ready;
  await visible(question);
  return 'asked';
}

/** S: saved now; resolves with the version the studio says it saved. */
export async function saveNow(admin: Administrator) {
  await admin.press('s');
  return savedVersion(admin.page);
}

/** Waits until the review bar says everything is saved, and returns that version. */
export async function savedVersion(page: Page): Promise<number> {
  const saved = page.getByText(/^Saved · version \d+$/).first();
  await visible(saved, 60_000);
  return Number(/\d+$/.exec(await saved.innerText())![0]);
}

// ---------------------------------------------------------------------------------------------
// Fixing a timing in the full editor

/** A word's start to move: the word as the editor names it ("y", "y (2)"), and where to. */
export interface WordMove {
  label: string;
  to: number;
}

/**
 * "Fix" on a doubtful word: the full editor's timing panel opens with that word's start focused.
 * Each start of `moves` is reached from there (Tab and Shift+Tab go from word to word on the
 * waveform) and moved with ← → (10 ms; with Shift 50 ms) as close to its time as its neighbours
 * let it. Then back to review mode (the switch), which goes on with what still waits. Resolves
 * with where each moved start ended, by label.
 */
export async function fixWordStarts(
  admin: Administrator,
  sentence: number,
  doubtful: string,
  moves: readonly WordMove[],
): Promise<Map<string, number>> {
  const { page } = admin;
  await admin.click(
    stage(page).getByRole('button', { name: `Fix the timing of ${doubtful} in the editor` }),
  );
  const panel = page.getByRole('article', { name: `Sentence ${sentence}`, exact: true });
  const handle = (label: string) =>
    panel.getByRole('slider', { name: `Start of ${label}`, exact: true });
  await visible(handle(doubtful), 60_000);
  const focused = () =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  await page.waitForFunction(
    (name) => document.activeElement?.getAttribute('aria-label') === `Start of ${name}`,
    doubtful,
    { timeout: STEP_TIMEOUT },
  );
  const order = await panel
    .getByRole('slider')
    .evaluateAll((sliders) => sliders.map((slider) => slider.getAttribute('aria-label')!));
  const valueOf = async (label: string) =>
    Number(await handle(label).getAttribute('aria-valuenow'));

  const ended = new Map<string, number>();
  for (const move of moves) {
    const from = order.indexOf(await focused());
    const to = order.indexOf(`Start of ${move.label}`);
    if (to < 0) throw new Error(`sentence ${sentence} has no word ${move.label}`);
    for (let step = 0; step < Math.abs(to - from); step += 1) {
      await admin.press(to > from ? 'Tab' : 'Shift+Tab');
    }
    await page.waitForFunction(
      (name) => document.activeElement?.getAttribute('aria-label') === `Start of ${name}`,
      move.label,
      { timeout: STEP_TIMEOUT },
    );
    let at = await valueOf(move.label);
    for (let steps = 0; steps < 400; steps += 1) {
      const gap = move.to - at;
      if (Math.abs(gap) < 0.006) break;
      const arrow = gap > 0 ? 'ArrowRight' : 'ArrowLeft';
      // A 50 ms step only where it does not overshoot by more than a 10 ms one would.
      await admin.press(Math.abs(gap) >= 0.045 ? `Shift+${arrow}` : arrow);
      const before = at;
      await handle(move.label)
        .and(page.locator(`[aria-valuenow]:not([aria-valuenow="${before}"])`))
        .waitFor({ timeout: 2_000 })
        .catch(() => undefined);
      at = await valueOf(move.label);
      // Held by a neighbour's start: no key moves it further.
      if (at === before || Math.sign(move.to - at) !== Math.sign(gap)) break;
    }
    ended.set(move.label, at);
  }
  await admin.click(
    page.getByRole('group', { name: 'Studio mode' }).getByRole('button', { name: 'Review' }),
  );
  return ended;
}

// ---------------------------------------------------------------------------------------------
// The dashboard: publishing and exporting

/** The dashboard narrowed to one story, and that story's row. */
export async function dashboardRow(admin: Administrator, title: string): Promise<Locator> {
  const { page } = admin;
  await page.goto('/admin/content');
  await page.waitForSelector('html[data-app-ready="true"]', { state: 'attached' });
  await admin.fill(page.getByRole('searchbox', { name: 'Search stories' }), title);
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(title)) }).first();
  await visible(row);
  return row;
}

/**
 * "Publish" on the story's row. When something is unreviewed the confirmation lists it: its
 * text is returned (each chapter and what waits), then "Publish" confirms. With nothing
 * unreviewed the story is published at once and null is returned.
 */
export async function publishFromDashboard(
  admin: Administrator,
  title: string,
): Promise<string | null> {
  const { page } = admin;
  const row = await dashboardRow(admin, title);
  await admin.click(row.getByRole('button', { name: `Publish "${title}"` }));
  const dialog = page.getByRole('alertdialog', { name: 'Publish Story' });
  const published = page.getByText('Story Published');
  await dialog.or(published).first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  let listed: string | null = null;
  if (await dialog.isVisible()) {
    listed = (await dialog.getByRole('list', { name: 'Not reviewed yet' }).innerText()).trim();
    await admin.click(dialog.getByRole('button', { name: 'Publish', exact: true }));
  }
  await visible(published);
  return listed;
}

/** "Export" on the story's row: the package (a .zip) saved to `file`. */
export async function exportFromDashboard(admin: Administrator, title: string, file: string) {
  const { page } = admin;
  const row = await dashboardRow(admin, title);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    admin.click(row.getByRole('link', { name: `Export "${title}" as a story package` })),
  ]);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await download.saveAs(file);
  return file;
}

export function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
