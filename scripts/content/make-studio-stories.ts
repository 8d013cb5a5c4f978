/**
 * The making run (issue 21, decision 049): the two studio stories of content/studio-stories/ made
 * into lessons through the real studio, in Chromium, as an administrator makes one — the story
 * wizard (title, description, level, new words, cover; per chapter its title, recording and plain
 * text), the alignment the server starts, "Fill missing translations", then review mode with the
 * keyboard: each sentence's proposal compared with the author's story.json and approved (Enter)
 * when it is the author's, else the translation rewritten (E) and each gloss that says something
 * else corrected (its number, or a click on it past the ninth; then the author's sense's number,
 * or the author's gloss typed);
 * each doubtful timing compared with the recording's true times (timing.json) and accepted (T)
 * within 60 ms, else moved there in the full editor's timing panel. Then Publish, Export, and the
 * exported package unzipped into content/packages/<slug>/, which a fresh install seeds.
 *
 *   BENCH_PORT=3303 npx tsx scripts/content/make-studio-stories.ts [slug…]   (npm run build first)
 *
 * VERBOSE=1 prints each correction made and each chapter's keys.
 *
 * It starts the built app on a fresh data directory (bench/lib/server.ts); stories
 * of the same slug seeded from an earlier run's packages are deleted first, so the translation
 * memory holds nothing of them. It prints, per chapter, what the administrator did (decisions,
 * characters typed) and the minutes a person would take by an explicit model (effort.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { APIRequestContext, Page } from 'playwright-core';
import type { AdminStory } from '#shared/contracts/admin-stories';
import type { StudioChapter } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import { launchChromium } from '../../bench/lib/chromium.ts';
import { startServer } from '../../bench/lib/server.ts';
import { wordLabels } from '../../src/client/features/studio/rules/labels.ts';
import { E2E_ADMIN } from '../../tests/e2e/support/accounts.ts';
import {
  acceptTiming,
  Administrator,
  approve,
  arrivedAt,
  correctGloss,
  createStoryInWizard,
  decisionsOf,
  editTranslation,
  exportFromDashboard,
  fillMissingTranslations,
  fixWordStarts,
  publishFromDashboard,
  readSentence,
  savedVersion,
  startReview,
  storyTitled,
  studioPath,
  waitForAlignment,
  type ActionCounts,
  type ShownSentence,
} from '../../tests/e2e/support/studio-admin.ts';
import { EFFORT_MODEL_TEXT, estimate, type Estimate } from './studio-making/effort.ts';
import {
  judgeStart,
  plannedMoves,
  sameGloss,
  sameTranslation,
  senseFor,
  trueWordStarts,
  type Departure,
  type TrueSentence,
} from './studio-making/judge.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = path.join(ROOT, 'content/studio-stories');
const PACKAGES = path.join(ROOT, 'content/packages');
const SLUGS = ['nunca-es-tarde', 'la-voz-de-la-montana'];
/** The alignment of a 5-minute chapter on a busy 2-core machine. */
const ALIGNMENT_TIMEOUT = 15 * 60_000;

interface AuthoredSentence {
  text: string;
  translation: string;
  words: { text: string; gloss: string }[];
}
interface AuthoredStory {
  slug: string;
  title: string;
  description: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced';
  new_words_count: number;
  chapters: { title: string; sentences: AuthoredSentence[] }[];
}
interface TimingFile {
  sentences: TrueSentence[];
  departures: Departure[];
}

/** What the administrator did to one chapter, and how long the robot took. */
interface ChapterReport {
  story: string;
  chapter: number;
  title: string;
  sentences: number;
  words: number;
  recordingSeconds: number;
  /** Seconds the server's alignment job ran, and the studio waited for it. */
  alignmentSeconds: number;
  fillSeconds: number;
  fillSaid: string;
  visited: number;
  actions: ActionCounts;
  translationsKept: number;
  translationsRewritten: number;
  glossesKept: number;
  glossesBySense: number;
  glossesTyped: number;
  timingsAccepted: number;
  timingsUnsaid: number;
  timingsFixed: number;
  /** Word starts moved in the editor to fix them (the doubtful ones and their neighbours). */
  startsMoved: number;
  /** The shipped word starts against the true ones (after the export). */
  shippedOff: { said: number; over60: number; over100: number };
  /** Seconds of the recording heard: each sentence shown, once. */
  listened: number;
  robotSeconds: number;
  estimated: Estimate;
}

const verbose = (line: string) => {
  if (process.env.VERBOSE) console.log(line);
};

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

function recordingOf(dir: string, chapter: number) {
  for (const extension of ['m4a', 'mp3']) {
    const file = path.join(dir, `chapter-${chapter}.${extension}`);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`no recording for chapter ${chapter} in ${dir}`);
}

async function studioChapter(request: APIRequestContext, chapterId: string) {
  const response = await request.get(`/api/admin/chapters/${chapterId}/studio`);
  if (!response.ok()) throw new Error(`the studio answered ${response.status()}`);
  return (await response.json()) as StudioChapter;
}

async function alignmentSeconds(request: APIRequestContext, chapterId: string) {
  const response = await request.get(`/api/admin/chapters/${chapterId}/alignment`);
  const { job } = (await response.json()) as {
    job: { status: string; startedAt: string | null; finishedAt: string | null };
  };
  if (job.status !== 'succeeded') throw new Error(`the alignment ended ${job.status}`);
  return (Date.parse(job.finishedAt!) - Date.parse(job.startedAt!)) / 1000;
}

/** A story seeded from an earlier run's package: deleted, so nothing of it is remembered. */
async function deleteEarlier(request: APIRequestContext, slug: string) {
  const response = await request.get('/api/admin/stories');
  const { stories } = (await response.json()) as { stories: AdminStory[] };
  for (const story of stories.filter((candidate) => candidate.slug === slug)) {
    const deleted = await request.delete(`/api/admin/stories/${story.id}`);
    if (!deleted.ok()) throw new Error(`deleting ${slug} answered ${deleted.status()}`);
    console.log(`  deleted ${slug}, seeded from an earlier run's package`);
  }
}

/**
 * Reviews one chapter in review mode, judging every proposal against the author's text and every
 * doubtful timing against the recording's true times, until nothing is left.
 */
async function reviewChapter(
  admin: Administrator,
  authored: AuthoredSentence[],
  aligned: Transcript,
  timing: TimingFile,
  report: ChapterReport,
) {
  const { page } = admin;
  const saidText = (number: number) =>
    timing.departures.find((departure) => departure.sentence === number)?.said ??
    authored[number - 1]!.text;
  const visited = new Set<string>();

  let at = await startReview(admin);
  while (at !== 'summary') {
    const shown = await readSentence(page);
    const index = shown.number - 1;
    const sentence = authored[index]!;
    const segment = aligned.segments[index]!;
    if (shown.spanish !== sentence.text || segment.text !== sentence.text) {
      throw new Error(`sentence ${shown.number} reads «${shown.spanish}», not «${sentence.text}»`);
    }
    if (!visited.has(shown.id)) {
      visited.add(shown.id);
      report.listened += segment.end - segment.start;
    }

    if (shown.translationMark !== '' || shown.translation === '') {
      if (sameTranslation(shown.translation, sentence.translation)) report.translationsKept += 1;
      else {
        verbose(
          `    ${shown.number} translation «${shown.translation}» → «${sentence.translation}»`,
        );
        await editTranslation(admin, sentence.translation);
        report.translationsRewritten += 1;
      }
    }
    const labels = wordLabels(segment.words);
    for (const gloss of shown.glosses.filter((candidate) => candidate.waiting)) {
      const word = labels.indexOf(gloss.label);
      const wanted = sentence.words[word]?.gloss;
      if (word < 0 || wanted === undefined) {
        throw new Error(`sentence ${shown.number}: no authored gloss for «${gloss.label}»`);
      }
      if (sameGloss(gloss.gloss, wanted)) {
        report.glossesKept += 1;
        continue;
      }
      const how = await correctGloss(admin, gloss, (senses) => senseFor(senses, wanted), wanted);
      verbose(
        `    ${shown.number} ${gloss.label}: «${gloss.gloss}» → «${wanted}» (${how}${gloss.obvious ? ', obvious' : ''})`,
      );
      if (how === 'sense') report.glossesBySense += 1;
      else report.glossesTyped += 1;
    }

    at = await approve(admin, shown);
    while (at === 'asked') {
      at = await judgeTiming(admin, await readSentence(page), segment, saidText, timing, report);
    }
  }
  report.visited = visited.size;
  const left = page.getByRole('heading', { name: 'Nothing left to review' });
  await left.waitFor({ state: 'visible' });
  await savedVersion(page);
}

/** The first doubtful timing of the sentence: accepted when right (or never said), else fixed. */
async function judgeTiming(
  admin: Administrator,
  shown: ShownSentence,
  segment: Transcript['segments'][number],
  saidText: (number: number) => string,
  timing: TimingFile,
  report: ChapterReport,
): Promise<string> {
  const doubt = shown.doubts[0];
  if (!doubt) throw new Error(`sentence ${shown.number} asks about a timing but lists none`);
  const truth = timing.sentences[shown.number - 1]!;
  if (doubt.word === null) {
    const verdict = judgeStart(segment.start, truth.start);
    if (verdict.verdict !== 'right') {
      throw new Error(
        `sentence ${shown.number}'s own timing is ${Math.round(verdict.verdict === 'wrong' ? verdict.off * 1000 : 0)} ms off: the making run does not fix a sentence's timing`,
      );
    }
    report.timingsAccepted += 1;
    return acceptTiming(admin, shown);
  }
  const word = wordLabels(segment.words).indexOf(doubt.word);
  const starts = trueWordStarts(segment.text, saidText(shown.number), truth);
  const verdict = judgeStart(segment.words[word]!.start, starts[word] ?? null);
  if (verdict.verdict === 'unsaid') report.timingsUnsaid += 1;
  if (verdict.verdict !== 'wrong') {
    if (verdict.verdict === 'right') report.timingsAccepted += 1;
    return acceptTiming(admin, shown);
  }
  // Wrong: every start of the sentence that is off moves to its time, in an order the editor
  // allows (a start is held between its neighbours'), this word's among them.
  const labels = wordLabels(segment.words);
  const moves = plannedMoves(
    segment.words.map((item) => item.start),
    starts,
  ).map((move) => ({ word: move.word, label: labels[move.word]!, to: move.to }));
  const ended = await fixWordStarts(admin, shown.number, doubt.word, moves);
  report.timingsFixed += 1;
  report.startsMoved += moves.length;
  for (const move of moves) {
    const at = ended.get(move.label)!;
    console.log(
      `    sentence ${shown.number} «${move.label}»: ${Math.round((segment.words[move.word]!.start - move.to) * 1000)} ms off, moved to ${Math.round((at - move.to) * 1000)} ms`,
    );
    if (judgeStart(at, move.to).verdict !== 'right') {
      throw new Error(`sentence ${shown.number} «${move.label}» could not be moved to its time`);
    }
    // What the editor holds now, for the next doubt of this sentence.
    segment.words[move.word]!.start = at;
  }
  return arrivedAt(admin.page);
}

async function makeStory(page: Page, slug: string): Promise<ChapterReport[]> {
  const dir = path.join(SOURCES, slug);
  const recordings = path.join(dir, 'recordings');
  const authored = readJson<AuthoredStory>(path.join(dir, 'story.json'));
  // A gloss past the ninth has no key: an administrator clicks its button.
  const admin = new Administrator(page, { pointer: true });
  console.log(`\n${authored.title}`);
  await deleteEarlier(page.request, slug);

  const wizardStarted = Date.now();
  await createStoryInWizard(admin, {
    title: authored.title,
    description: authored.description,
    level: authored.level,
    newWords: authored.new_words_count,
    cover: path.join(recordings, 'cover.webp'),
    chapters: authored.chapters.map((chapter, index) => ({
      title: chapter.title,
      audio: recordingOf(recordings, index + 1),
      text: path.join(recordings, `chapter-${index + 1}.txt`),
      sentences: chapter.sentences.length,
    })),
  });
  const story = await storyTitled(page, authored.title);
  if (story.slug !== slug) throw new Error(`the wizard made the slug ${story.slug}, not ${slug}`);
  console.log(
    `  wizard: ${decisionsOf(admin.counts)} decisions, ${admin.counts.typed} characters, ${((Date.now() - wizardStarted) / 1000).toFixed(1)} s`,
  );

  const reports: ChapterReport[] = [];
  for (const [index, chapter] of authored.chapters.entries()) {
    const chapterId = story.chapters[index]!.id;
    const before = admin.snapshot();
    admin.keys.clear();
    const started = Date.now();
    await page.goto(studioPath(chapterId));
    await waitForAlignment(page, chapter.sentences.length, ALIGNMENT_TIMEOUT);
    const studio = await studioChapter(page.request, chapterId);
    const fillStarted = Date.now();
    const fillSaid = await fillMissingTranslations(admin);
    const report: ChapterReport = {
      story: authored.title,
      chapter: index + 1,
      title: chapter.title,
      sentences: chapter.sentences.length,
      words: chapter.sentences.reduce((sum, sentence) => sum + sentence.words.length, 0),
      recordingSeconds: studio.audio!.durationSeconds,
      alignmentSeconds: await alignmentSeconds(page.request, chapterId),
      fillSeconds: (Date.now() - fillStarted) / 1000,
      fillSaid,
      visited: 0,
      actions: admin.snapshot(),
      translationsKept: 0,
      translationsRewritten: 0,
      glossesKept: 0,
      glossesBySense: 0,
      glossesTyped: 0,
      timingsAccepted: 0,
      timingsUnsaid: 0,
      timingsFixed: 0,
      startsMoved: 0,
      shippedOff: { said: 0, over60: 0, over100: 0 },
      listened: 0,
      robotSeconds: 0,
      estimated: estimate({ listened: 0, decisions: 0, typed: 0 }),
    };
    const timing = readJson<TimingFile>(path.join(recordings, `chapter-${index + 1}.timing.json`));
    await reviewChapter(admin, chapter.sentences, studio.transcript!, timing, report);
    report.actions = admin.since(before);
    verbose(`    keys: ${[...admin.keys].map(([key, count]) => `${key} ${count}`).join(', ')}`);

    report.robotSeconds = (Date.now() - started) / 1000;
    report.estimated = estimate({
      listened: report.listened,
      decisions: decisionsOf(report.actions),
      typed: report.actions.typed,
    });
    console.log(
      `  chapter ${index + 1}: ${report.visited} sentences reviewed, ${decisionsOf(report.actions)} decisions, ${report.actions.typed} characters, robot ${report.robotSeconds.toFixed(0)} s, estimated ${minutes(report.estimated.total)} min`,
    );
    reports.push(report);
  }

  const listed = await publishFromDashboard(admin, authored.title);
  if (listed !== null) throw new Error(`publishing listed what is unreviewed:\n${listed}`);
  const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-making-')), `${slug}.zip`);
  await exportFromDashboard(admin, authored.title, zip);
  unpack(zip, slug);
  fs.rmSync(path.dirname(zip), { recursive: true, force: true });
  for (const report of reports) {
    const timing = readJson<TimingFile>(
      path.join(recordings, `chapter-${report.chapter}.timing.json`),
    );
    const shipped = readJson<Transcript>(
      path.join(PACKAGES, slug, `chapter-${report.chapter}.json`),
    );
    report.shippedOff = startsOff(
      shipped,
      timing,
      authored.chapters[report.chapter - 1]!.sentences,
    );
  }
  return reports;
}

/**
 * How far the shipped word starts are from when each word was said: the words more than 60 ms
 * and 100 ms off, of those said (a skipped word has no time to be off from).
 */
function startsOff(shipped: Transcript, timing: TimingFile, sentences: AuthoredSentence[]) {
  const off = { said: 0, over60: 0, over100: 0 };
  shipped.segments.forEach((segment, index) => {
    const said =
      timing.departures.find((departure) => departure.sentence === index + 1)?.said ??
      sentences[index]!.text;
    const truth = trueWordStarts(segment.text, said, timing.sentences[index]!);
    segment.words.forEach((word, at) => {
      const verdict = judgeStart(word.start, truth[at] ?? null);
      if (verdict.verdict === 'unsaid') return;
      off.said += 1;
      if (verdict.verdict === 'wrong') off.over60 += 1;
      if (Math.abs(verdict.off) > 0.1) off.over100 += 1;
    });
  });
  return off;
}

/** The exported package (`<slug>/…` in the zip) into content/packages/<slug>/, replacing it. */
function unpack(zip: string, slug: string) {
  const target = path.join(PACKAGES, slug);
  fs.rmSync(target, { recursive: true, force: true });
  let bytes = 0;
  for (const [name, content] of Object.entries(unzipSync(fs.readFileSync(zip)))) {
    if (name.endsWith('/')) continue;
    const inside = name.startsWith(`${slug}/`) ? name.slice(slug.length + 1) : name;
    const file = path.join(target, inside);
    if (!file.startsWith(`${target}${path.sep}`)) throw new Error(`${name} leaves the package`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    bytes += content.length;
  }
  console.log(`  exported into content/packages/${slug}/ (${(bytes / 1e6).toFixed(1)} MB)`);
}

const minutes = (seconds: number) => (seconds / 60).toFixed(1);

function printReport(reports: ChapterReport[]) {
  const rows = reports.map((report) => {
    const decisions = decisionsOf(report.actions);
    return [
      `${report.story} ${report.chapter}`,
      `${report.sentences} / ${report.words}`,
      minutes(report.recordingSeconds),
      `${report.actions.keys} + ${report.actions.clicks}`,
      `${(decisions / report.sentences).toFixed(1)}`,
      String(report.actions.typed),
      `${report.translationsRewritten} / ${report.translationsKept}`,
      `${report.glossesBySense} / ${report.glossesTyped} / ${report.glossesKept}`,
      `${report.timingsAccepted} / ${report.timingsUnsaid} / ${report.timingsFixed} (${report.startsMoved})`,
      report.alignmentSeconds.toFixed(0),
      `${report.shippedOff.over60} / ${report.shippedOff.over100} of ${report.shippedOff.said}`,
      report.robotSeconds.toFixed(0),
      `${minutes(report.estimated.listening)} + ${minutes(report.estimated.deciding)} + ${minutes(report.estimated.typing)} = ${minutes(report.estimated.total)}`,
    ];
  });
  const header = [
    'chapter',
    'sentences / words',
    'recording (min)',
    'keys + clicks',
    'decisions a sentence',
    'characters typed',
    'translations rewritten / kept',
    'glosses by sense / typed / kept',
    'doubtful timings accepted / unsaid / fixed (starts moved)',
    'alignment (s)',
    'shipped starts off > 60 / > 100 ms',
    'robot (s)',
    'estimated person (min): listen + decide + type',
  ];
  const table = [header, header.map(() => '---'), ...rows]
    .map((row) => `| ${row.join(' | ')} |`)
    .join('\n');
  console.log(`\n${table}\n`);
  console.log(`Estimated minutes are a model, not a measurement: ${EFFORT_MODEL_TEXT}.`);
  for (const report of reports) {
    console.log(`${report.story} ${report.chapter}, Fill missing translations: ${report.fillSaid}`);
  }
}

const slugs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : SLUGS;
// On BENCH_PORT when given (a machine shared with other runs), else a free port.
const server = await startServer();
const browser = await launchChromium();
let failed = false;
try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  // tsx names the functions it compiles with a helper the page does not have.
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  const page = await context.newPage();
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  if (!signIn.ok()) throw new Error(`signing in answered ${signIn.status()}`);
  const reports: ChapterReport[] = [];
  for (const slug of slugs) reports.push(...(await makeStory(page, slug)));
  printReport(reports);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
