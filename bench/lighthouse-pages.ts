/**
 * `node --import tsx bench/lighthouse-pages.ts`: the learner pages' Lighthouse figures alone
 * (bench/lighthouse.ts), against a server of their own, as `npm run bench` measures them.
 */
import { learnerPageRows } from './lighthouse.ts';
import { ensureBuild } from './lib/build.ts';
import { startServer } from './lib/server.ts';
import { formatTable } from './lib/table.ts';
import { openStoryFirstChapter, OPEN_STORY_SLUG } from './player.ts';
import { signIn } from './session-signed-in.ts';

const log = (message: string) => console.log(`[bench] ${message}`);
await ensureBuild(log);
const server = await startServer();
try {
  const { rows, details } = await learnerPageRows(
    server.baseUrl,
    {
      storyPath: `/story/${OPEN_STORY_SLUG}`,
      playerPath: `/player/${await openStoryFirstChapter(server.baseUrl)}`,
      cookie: (await signIn(server.baseUrl)).cookie,
    },
    log,
  );
  console.log(formatTable(rows));
  console.log(details.join('\n'));
  process.exitCode = rows.some((row) => row.status === 'FAIL') ? 1 : 0;
} finally {
  await server.stop();
}
