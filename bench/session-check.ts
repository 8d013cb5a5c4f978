/**
 * Session check throughput: GET /api/auth/session with a valid session cookie (the client's 30 s
 * check, and the cost every signed-in request pays to know who is asking) against the liveness
 * route GET /api/health/live, which crosses the same hooks and does no I/O, under the same load in
 * the same run. Budget (issue 13): session / liveness ≥ 0.25.
 *
 * Run alone: `node --import tsx bench/session-check.ts` (needs dist/client: `npm run build`).
 */
import type { LoadOptions } from './api-throughput.ts';
import { allAnswered } from './api-throughput.ts';
import type { Row } from './lib/table.ts';
import { loadLine, runAlone, runLoad, signIn } from './session-signed-in.ts';

export const SESSION_RATIO_BUDGET = 0.25;
const SESSION_PATH = '/api/auth/session';
const LIVENESS_PATH = '/api/health/live';

export async function measureSessionCheck(
  baseUrl: string,
  load: LoadOptions,
): Promise<{ rows: Row[]; details: string[] }> {
  const session = await signIn(baseUrl);
  // The cookie must really sign in: a session answer for nobody would be a cheap, wrong figure.
  const check = await fetch(new URL(SESSION_PATH, baseUrl), { headers: session.headers });
  const signedIn = check.ok && ((await check.json()) as { user: unknown }).user !== null;

  const get = (path: string, headers: Record<string, string>) => (seconds: number) => ({
    kind: 'http' as const,
    url: new URL(path, baseUrl).href,
    method: 'GET' as const,
    headers,
    connections: load.connections,
    seconds,
  });
  const sessions = await runLoad(SESSION_PATH, get(SESSION_PATH, session.headers), load);
  const liveness = await runLoad(LIVENESS_PATH, get(LIVENESS_PATH, {}), load);

  const ok = signedIn && allAnswered(sessions, 200) && allAnswered(liveness, 200);
  const ratio = sessions.requestsPerSecond / liveness.requestsPerSecond;
  const rows: Row[] = [
    {
      figure: `GET ${SESSION_PATH} (signed in)`,
      value: `${Math.round(sessions.requestsPerSecond)} req/s`,
      budget: '',
      status: ok ? 'info' : 'FAIL',
    },
    {
      figure: `GET ${LIVENESS_PATH} (reference)`,
      value: `${Math.round(liveness.requestsPerSecond)} req/s`,
      budget: '',
      status: ok ? 'info' : 'FAIL',
    },
    {
      figure: 'Ratio session check / liveness',
      value: ratio.toFixed(2),
      budget: `≥ ${SESSION_RATIO_BUDGET}`,
      status: ok && ratio >= SESSION_RATIO_BUDGET ? 'pass' : 'FAIL',
    },
  ];
  const details = [
    '',
    `Session check (${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.durationSeconds} s` +
      `, load generator in its own process${signedIn ? '' : '; THE COOKIE DID NOT SIGN IN'}):`,
    loadLine(`GET ${SESSION_PATH}`, sessions),
    loadLine(`GET ${LIVENESS_PATH}`, liveness),
  ];
  return { rows, details };
}

if (import.meta.filename === process.argv[1]) await runAlone(measureSessionCheck);
