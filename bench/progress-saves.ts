/**
 * Progress saves: POST /api/progress from a signed-in player (each connection saving its own
 * chapter, each save newer than the last, so every one is applied) against the same kind of
 * write without the app: the newest-wins upsert of `user_story_progress` straight on the same
 * embedded PostgreSQL, from as many pooled connections, in the same run. Budget (issue 13):
 * saves ≥ 0.5 × upserts per second, with the saves' p99 ≤ 25 ms at that load.
 *
 * Run alone: `node --import tsx bench/progress-saves.ts` (needs dist/client: `npm run build`).
 */
import fs from 'node:fs';
import { runningServerConnection } from '#server/db/embedded-postgres';
import { e2eServerInfoPath } from '../tests/e2e/support/server-info.ts';
import type { LoadOptions } from './api-throughput.ts';
import { allAnswered } from './api-throughput.ts';
import type { Row } from './lib/table.ts';
import type { SaveTarget } from './session-load.ts';
import { loadLine, runAlone, runLoad, signIn } from './session-signed-in.ts';

export const SAVES_RATIO_BUDGET = 0.5;
export const SAVES_P99_BUDGET_MS = 25;
const PROGRESS_PATH = '/api/progress';

/** The bench server's database (start-server.ts notes its data directory per port). */
function serverDatabase(baseUrl: string): string {
  const port = Number(new URL(baseUrl).port);
  const { dataDir } = JSON.parse(fs.readFileSync(e2eServerInfoPath(port), 'utf8')) as {
    dataDir: string;
  };
  const connectionString = runningServerConnection(dataDir);
  if (!connectionString) throw new Error(`no running database in ${dataDir}`);
  return connectionString;
}

/** Published chapters with a known duration, one per connection where the library has enough. */
async function saveTargets(baseUrl: string, count: number): Promise<SaveTarget[]> {
  const response = await fetch(new URL('/api/stories', baseUrl));
  const { stories } = (await response.json()) as {
    stories: { chapters: { id: string; duration: number | null }[] }[];
  };
  const targets = stories
    .flatMap((story) => story.chapters)
    .filter((chapter) => chapter.duration !== null && chapter.duration > 30)
    .map((chapter) => ({ chapterId: chapter.id, durationSeconds: chapter.duration! }));
  if (targets.length === 0) throw new Error('the bench library has no chapter with a duration');
  return targets.slice(0, count);
}

export async function measureProgressSaves(
  baseUrl: string,
  load: LoadOptions,
): Promise<{ rows: Row[]; details: string[] }> {
  const session = await signIn(baseUrl);
  const saves = await saveTargets(baseUrl, load.connections);
  const connectionString = serverDatabase(baseUrl);

  const http = await runLoad(
    `POST ${PROGRESS_PATH}`,
    (seconds) => ({
      kind: 'http',
      url: new URL(PROGRESS_PATH, baseUrl).href,
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      connections: load.connections,
      seconds,
      saves,
    }),
    load,
  );
  const raw = await runLoad(
    'raw upsert',
    (seconds) => ({
      kind: 'upsert',
      connectionString,
      userId: session.userId,
      saves,
      connections: load.connections,
      seconds,
    }),
    load,
  );

  const ok = allAnswered(http, 200) && allAnswered(raw, 200);
  const ratio = http.requestsPerSecond / raw.requestsPerSecond;
  const rows: Row[] = [
    {
      figure: `POST ${PROGRESS_PATH} (saves/s)`,
      value: `${Math.round(http.requestsPerSecond)} /s`,
      budget: '',
      status: ok ? 'info' : 'FAIL',
    },
    {
      figure: 'Raw newest-wins upsert, same database (/s)',
      value: `${Math.round(raw.requestsPerSecond)} /s`,
      budget: '',
      status: ok ? 'info' : 'FAIL',
    },
    {
      figure: 'Ratio saves / raw upsert',
      value: ratio.toFixed(2),
      budget: `≥ ${SAVES_RATIO_BUDGET}`,
      status: ok && ratio >= SAVES_RATIO_BUDGET ? 'pass' : 'FAIL',
    },
    {
      figure: `POST ${PROGRESS_PATH} p99 (ms)`,
      value: String(http.latencyP99Ms),
      budget: `≤ ${SAVES_P99_BUDGET_MS}`,
      status: ok && http.latencyP99Ms <= SAVES_P99_BUDGET_MS ? 'pass' : 'FAIL',
    },
  ];
  const details = [
    '',
    `Progress saves (${load.connections} connections over ${saves.length} chapters, ` +
      `${load.warmupSeconds} s warm-up + ${load.durationSeconds} s, load generator in its own process):`,
    loadLine(`POST ${PROGRESS_PATH}`, http),
    loadLine('raw upsert (pg pool, prepared)', raw),
  ];
  return { rows, details };
}

if (import.meta.filename === process.argv[1]) await runAlone(measureProgressSaves);
