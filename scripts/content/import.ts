/**
 * `npm run content:import -- <dir or zip>` imports a story package (docs/content.md) into the site
 * of DATABASE_URL, or of the embedded database of DATA_DIR (running or not): a new draft, or the
 * story of the same slug updated. It goes through the same service as the admin area's import,
 * so it checks the whole package before storing anything. Chapters without timings are queued
 * for alignment; a running server's worker aligns them (or the next one to start).
 */
import fs from 'node:fs/promises';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/env';
import { openDatabaseForScript } from '#server/db/script-connection';
import { AppError } from '#server/lib/errors';
import { createStorage } from '#server/lib/storage/index';
import { resolveAuthSecret } from '#server/runtime';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: npm run content:import -- <package folder or .zip>');
  process.exit(2);
}
const stat = await fs.stat(source).catch(() => undefined);
if (!stat) {
  console.error(`${source}: no such file or folder`);
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const { database, close } = await openDatabaseForScript(config);
const storage = createStorage({ dataDir: config.dataDir, s3: config.s3 });
await storage.ensureBuckets();
const app = await buildApp(
  { ...config, authSecret: await resolveAuthSecret(config, database, () => undefined) },
  { database, storage },
);
try {
  const { storyPackages } = app.context.services.admin;
  const actor = { userId: null, origin: { ip: null, userAgent: 'npm run content:import' } };
  const imported = stat.isDirectory()
    ? await storyPackages.importFolder(source, actor)
    : await storyPackages.importZip(await fs.readFile(source), actor);
  const { story } = imported;
  console.log(
    `${imported.created ? 'Created the draft' : 'Updated the story'} "${story.title}" (${story.slug}, ${story.status}): ${story.chapters.length} chapters`,
  );
  for (const job of imported.alignmentJobs) {
    console.log(`  alignment queued for chapter ${job.subjectId} (job ${job.id})`);
  }
  if (story.hasUnpublishedChanges) {
    console.log('  learners see the published version until the changes are published');
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`Not imported: ${error.message}`);
  for (const issue of error.details?.issues ?? [])
    console.error(`  ${issue.path}: ${issue.message}`);
  process.exitCode = 1;
} finally {
  await app.close();
  await close();
}
