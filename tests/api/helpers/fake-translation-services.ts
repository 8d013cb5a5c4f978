import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the HTTP translation services (decision 044), speaking their APIs as the
 * real ones do: LibreTranslate's POST /translate and DeepL's POST /v2/translate, each with a JSON
 * or a form body, their keys checked, their error answers. A fake "translates" by tagging the
 * text (`[en] …`), so a test sees which service answered and that the text arrived whole.
 */

/** How the fake answers from now on (`answer`: as the real service does). */
export type FakeBehaviour =
  | 'answer'
  | { status: number }
  | 'not-json'
  | 'no-translation'
  /** Accepts the request and never answers (a stuck service). */
  | 'hang';

export interface FakeService {
  url: string;
  /** Each request's parsed body and headers, in order. */
  requests: { body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  behave(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

const tagged = (target: string, text: string) => `[${target.toLowerCase()}] ${text}`;

function readBody(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const type = req.headers['content-type'] ?? '';
      try {
        if (type.startsWith('application/json')) return resolve(JSON.parse(raw));
        if (type.startsWith('application/x-www-form-urlencoded')) {
          const form = new URLSearchParams(raw);
          const body: Record<string, unknown> = {};
          for (const key of new Set(form.keys())) {
            const values = form.getAll(key);
            body[key] = key === 'text' ? values : values[0];
          }
          return resolve(body);
        }
        resolve(null);
      } catch {
        resolve(null);
      }
    });
  });
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function startFake(
  route: string,
  handle: (
    body: Record<string, unknown>,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => void,
): Promise<FakeService> {
  let behaviour: FakeBehaviour = 'answer';
  const requests: FakeService['requests'] = [];
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== route) return send(res, 404, { error: 'Not Found' });
    const body = await readBody(req);
    if (!body) return send(res, 400, { error: 'Invalid request body' });
    requests.push({ body, headers: req.headers });
    if (behaviour === 'hang') return;
    if (behaviour === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad Gateway</body></html>');
    }
    if (behaviour === 'no-translation') return send(res, 200, {});
    if (typeof behaviour === 'object') return send(res, behaviour.status, { error: 'failure' });
    handle(body, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const languages = new Set(['en', 'es', 'fr', 'de']);

/** LibreTranslate: `{ q, source, target, format?, api_key? }` → `{ translatedText }`. */
export function startFakeLibreTranslate(options: { apiKey?: string } = {}): Promise<FakeService> {
  return startFake('/translate', (body, _req, res) => {
    if (options.apiKey && body.api_key !== options.apiKey) {
      return send(res, 403, {
        error: 'Visit https://portal.libretranslate.com to get an API key',
      });
    }
    const { q, source, target } = body;
    if (typeof q !== 'string' && !Array.isArray(q))
      return send(res, 400, { error: 'Invalid request: missing q parameter' });
    if (typeof target !== 'string' || !languages.has(target))
      return send(res, 400, { error: `${String(target)} is not supported` });
    if (typeof source !== 'string' || (source !== 'auto' && !languages.has(source)))
      return send(res, 400, { error: `${String(source)} is not supported` });
    send(res, 200, {
      translatedText: Array.isArray(q)
        ? q.map((text) => tagged(target, String(text)))
        : tagged(target, q),
    });
  });
}

const deeplTargets = new Set(['EN-US', 'EN-GB', 'ES', 'FR', 'DE']);
const deeplSources = new Set(['EN', 'ES', 'FR', 'DE']);

/**
 * DeepL: `Authorization: DeepL-Auth-Key <key>`, `{ text: [...], target_lang, source_lang? }` →
 * `{ translations: [{ detected_source_language, text }] }`; 403 for a wrong key, 400 for
 * `target_lang: 'EN'` (DeepL wants EN-US or EN-GB).
 */
export function startFakeDeepL(options: { authKey: string }): Promise<FakeService> {
  return startFake('/v2/translate', (body, req, res) => {
    if (req.headers.authorization !== `DeepL-Auth-Key ${options.authKey}`) {
      return send(res, 403, { message: 'Forbidden' });
    }
    const texts = body.text;
    const target = String(body.target_lang ?? '').toUpperCase();
    const source = body.source_lang === undefined ? 'ES' : String(body.source_lang).toUpperCase();
    if (!Array.isArray(texts) || texts.length === 0)
      return send(res, 400, { message: "Parameter 'text' not specified." });
    if (!deeplTargets.has(target))
      return send(res, 400, { message: "Value for 'target_lang' not supported." });
    if (!deeplSources.has(source))
      return send(res, 400, { message: "Value for 'source_lang' not supported." });
    send(res, 200, {
      translations: texts.map((text) => ({
        detected_source_language: source,
        text: tagged(target.slice(0, 2), String(text)),
      })),
    });
  });
}
