import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where start-server.ts notes the data directory of the server it runs on this port. */
export const e2eServerInfoPath = (port: number) =>
  path.join(os.tmpdir(), `relatos-e2e-server-${port}.json`);

/** What start-server.ts notes about the server it runs: its data directory and mailbox token. */
export interface E2eServerInfo {
  dataDir: string;
  /** DEV_MAILBOX_TOKEN: the development mailbox is at /dev/mailbox/<token> (decision 060). */
  mailboxToken: string;
}

/** What start-server.ts noted about the journeys' server (E2E_PORT, default 3210). */
export function readE2eServerInfo(): E2eServerInfo {
  const port = Number.parseInt(process.env.E2E_PORT ?? '3210', 10);
  return JSON.parse(fs.readFileSync(e2eServerInfoPath(port), 'utf8')) as E2eServerInfo;
}
