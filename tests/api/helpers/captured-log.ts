import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/** A logger whose JSON lines a test can read (a server's log, without a server process). */
export function capturedLog(level = 'info'): {
  logger: Logger;
  entries: Record<string, unknown>[];
} {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') entries.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level }, stream), entries };
}
