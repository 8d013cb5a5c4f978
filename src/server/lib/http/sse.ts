import type { FastifyReply, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 30_000;
/** How long the browser's EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 1000;
/**
 * When this instance shuts down, its streams' clients reconnect (to another instance, through the
 * load balancer) after a delay spread over this range, so they do not all arrive at once.
 */
const SHUTDOWN_RETRY_MS = { min: 1000, max: 3000 };

/** The last words of a stream closed because this instance stops: when to come back. */
export function shutdownRetryHint(random: () => number = Math.random): string {
  const { min, max } = SHUTDOWN_RETRY_MS;
  return `retry: ${Math.round(min + random() * (max - min))}\n\n`;
}

export interface EventStream {
  /** Sends one event whose data is `data` as JSON. */
  send(event: string, data: unknown): void;
  /** Runs `task` when the stream ends (the client left or the app closes); at once if it has. */
  onClose(task: () => void): void;
}

/**
 * Turns a request into a Server-Sent Events stream: the response is taken over from Fastify,
 * keeps its headers (request id, security headers), is never buffered by proxies, carries a
 * heartbeat so idle connections stay open, and ends when the app shuts down, with a retry hint
 * so that its client reconnects elsewhere.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  onShutdown: (task: () => void) => () => void,
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);
  const send = (event: string, data: unknown) =>
    void raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  let closed = false;
  const closeTasks: (() => void)[] = [];
  const heartbeat = setInterval(() => send('heartbeat', {}), HEARTBEAT_MS);
  const removeShutdownTask = onShutdown(() => raw.end(shutdownRetryHint()));
  request.raw.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
    removeShutdownTask();
    for (const task of closeTasks.splice(0)) task();
  });

  return {
    send,
    onClose(task) {
      if (closed) task();
      else closeTasks.push(task);
    },
  };
}
