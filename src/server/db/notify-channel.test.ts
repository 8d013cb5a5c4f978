import net, { type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './client.ts';
import { createNotifyChannel } from './notify-channel.ts';

const servers: net.Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A "database" that accepts connections and never answers, like a host that stopped responding. */
async function silentDatabase(): Promise<string> {
  const server = net.createServer((socket) => sockets.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `postgres://relatos@127.0.0.1:${port}/relatos`;
}

describe('notify channel listener', () => {
  it('gives up a connect attempt to a database that does not answer, and tries again', async () => {
    const warn = vi.fn();
    const channel = createNotifyChannel<{ n: number }>({
      db: {} as Database,
      connectionString: await silentDatabase(),
      name: 'relatos_test',
      log: { warn },
      connectTimeoutMs: 200,
    });
    // Without a bound this never settles: subscribe waits for the first connect attempt.
    await channel.subscribe(() => undefined);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'relatos_test' }),
      'channel listener could not connect',
    );
    // It keeps trying (a reconnect is scheduled), so it listens again once the database is back.
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await channel.stop();
  });
});
