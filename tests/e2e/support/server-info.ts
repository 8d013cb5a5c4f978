import os from 'node:os';
import path from 'node:path';

/** Where start-server.ts notes the data directory of the server it runs on this port. */
export const e2eServerInfoPath = (port: number) =>
  path.join(os.tmpdir(), `relatos-e2e-server-${port}.json`);
