import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoryLevel } from '#shared/contracts/stories';
import { unreviewedCounts } from '#shared/studio/review-state';
import { hasUnreviewed } from '#shared/studio/unreviewed-counts';
import { AppError } from '../../lib/errors.ts';
import type { CheckedPackage } from '../story-packages/package-checks.ts';

/**
 * Story packages shipped with the demo library (decision 049, docs/content.md): one folder each,
 * in the package format, seeded with the library at first start.
 */
export const bundledPackagesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../content/packages',
);

export interface BundledPackage {
  dir: string;
  slug: string;
  title: string;
  level: StoryLevel;
}

/** The package folders of `dir`, by name; none when it does not exist. */
export async function listBundledPackages(dir = bundledPackagesDir): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

/** A bundled package the library cannot take, with the folder it is in. */
export class BundledPackageError extends Error {
  constructor(dir: string, reason: string) {
    super(`bundled story package ${dir}: ${reason}`);
    this.name = 'BundledPackageError';
  }
}

/**
 * Checks the bundled packages as an import checks any package (every file, before anything is
 * stored), and that each can be published as it comes: every chapter has its recording and its
 * timed transcript (the library never waits for an alignment), a person reviewed all of it (no
 * machine or missing translation or gloss, no doubtful timing: decision 043's counts, which no one
 * can acknowledge at first start), and its slug and title are the library's only ones. Throws on
 * the first that fails, so nothing is seeded.
 */
export async function checkBundledPackages(
  dirs: readonly string[],
  taken: { slugs: readonly string[]; titles: readonly string[] },
  /** The import's own checks of a package folder (story-packages service `checkFolder`). */
  checkFolder: (dir: string) => Promise<CheckedPackage>,
): Promise<BundledPackage[]> {
  const slugs = new Set(taken.slugs);
  const titles = new Set(taken.titles.map((title) => title.toLowerCase()));
  const checked: BundledPackage[] = [];
  for (const dir of dirs) {
    let story;
    let chapters;
    try {
      ({ story, chapters } = await checkFolder(dir));
    } catch (error) {
      if (error instanceof AppError) throw new BundledPackageError(dir, error.message);
      throw error;
    }
    const incomplete = chapters.find((chapter) => !chapter.audio || !chapter.transcript);
    if (incomplete) {
      throw new BundledPackageError(
        dir,
        `chapter ${incomplete.number} needs its recording and its timed transcript (chapter-${incomplete.number}.json)`,
      );
    }
    for (const chapter of chapters) {
      const counts = unreviewedCounts(chapter.transcript!.transcript);
      if (hasUnreviewed(counts)) {
        const waiting = Object.entries(counts)
          .filter(([, count]) => count > 0)
          .map(([kind, count]) => `${kind}: ${count}`)
          .join(', ');
        throw new BundledPackageError(
          dir,
          `chapter ${chapter.number} is not reviewed (${waiting}): review it in the studio and export the story again`,
        );
      }
    }
    if (slugs.has(story.slug)) {
      throw new BundledPackageError(
        dir,
        `another story of the library has the slug "${story.slug}"`,
      );
    }
    if (titles.has(story.title.toLowerCase())) {
      throw new BundledPackageError(
        dir,
        `another story of the library has the title "${story.title}"`,
      );
    }
    slugs.add(story.slug);
    titles.add(story.title.toLowerCase());
    checked.push({ dir, slug: story.slug, title: story.title, level: story.level });
  }
  return checked;
}
