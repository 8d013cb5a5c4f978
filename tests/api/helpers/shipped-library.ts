import fs from 'node:fs/promises';
import path from 'node:path';
import { storyPackageSchema } from '#shared/contracts/story-packages';
import { listBundledPackages } from '#server/modules/content/bundled-packages';
import { readDemoManifest } from '#server/modules/content/demo-manifest';

/**
 * What a fresh install's library holds (docs/content.md): the built demo stories and the bundled
 * story packages, so that the tests hold whichever stories ship.
 */
export async function shippedLibrary(): Promise<{ slugs: string[]; chapters: number }> {
  const manifest = await readDemoManifest();
  const packages = await Promise.all(
    (await listBundledPackages()).map(async (dir) =>
      storyPackageSchema.parse(JSON.parse(await fs.readFile(path.join(dir, 'story.json'), 'utf8'))),
    ),
  );
  const stories = [...manifest.stories, ...packages];
  return {
    slugs: stories.map((story) => story.slug),
    chapters: stories.reduce((sum, story) => sum + story.chapters.length, 0),
  };
}
