/**
 * A small load balancer for tests of several app instances: each request goes to the next
 * upstream in turn, as a round-robin proxy (nginx, Caddy) in front of the instances would send it.
 * Bodies stream both ways without buffering (a live-progress stream flows event by event), every
 * response header passes through as the upstream sent it (several Set-Cookie included), and the
 * request gets X-Forwarded-For / -Proto / -Host, so the apps run with TRUST_PROXY=true and
 * PUBLIC_URL = the proxy's URL. The Host header is passed on unchanged, as such proxies are
 * usually configured, so the apps see the public host.
 */
import http from 'node:http';
import type net from 'node:net';

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The upstream (base URL) each request went to, in order: to show that requests alternated. */
  history: Array<{ method: string; path: string; upstream: string }>;
  /** The upstream the next request will go to (a test picks that instance's session by it). */
  nextUpstream(): string;
  close(): Promise<void>;
}

function forwardedHeaders(request: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  const client = request.socket.remoteAddress ?? '';
  const earlier = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = earlier ? `${String(earlier)}, ${client}` : client;
  headers['x-forwarded-proto'] = 'http';
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
}

/** Flat [name, value, name, value, …] list of the upstream's headers, minus hop-by-hop ones. */
function passedBackHeaders(upstream: http.IncomingMessage): string[] {
  const raw = upstream.rawHeaders;
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const agent = new http.Agent({ keepAlive: true });
  const history: RoundRobinProxy['history'] = [];
  let next = 0;

  const server = http.createServer((request, response) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    history.push({ method: request.method ?? 'GET', path: request.url ?? '/', upstream });
    const target = new URL(request.url ?? '/', upstream);
    const outgoing = http.request(target, {
      method: request.method,
      headers: forwardedHeaders(request),
      agent,
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, passedBackHeaders(answer));
      // Headers first, at once: an event stream's client must see its response before any event.
      response.flushHeaders();
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    outgoing.on('error', () => {
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain' }).end('upstream unreachable');
      } else {
        response.destroy();
      }
    });
    // The client went away (an event stream closed, a request aborted): so does the upstream's.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  });

  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    history,
    nextUpstream: () => upstreams[next % upstreams.length]!,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}
