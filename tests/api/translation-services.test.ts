import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deeplProvider, libreTranslateProvider } from '#server/modules/translate/providers';
import { TranslationProviderError } from '#server/modules/translate/provider-error';
import { healthCheckResponseSchema } from '#shared/contracts/admin-settings';
import {
  prefillResponseSchema,
  studioChapterSchema,
  type PrefillResponse,
} from '#shared/contracts/studio';
import { signedInUser } from './helpers/accounts.ts';
import { capturedLog } from './helpers/captured-log.ts';
import {
  startFakeDeepL,
  startFakeLibreTranslate,
  type FakeService,
} from './helpers/fake-translation-services.ts';
import { adminRequest, chapterWithRecording, paraguasTranscript } from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The HTTP translation services against local fakes that speak their APIs (decision 044): what
 * each sends, what it answers, and what an administrator and the log are told when one fails.
 */

const DEEPL_KEY = 'f63c02c5-f056-4a5e-8a8d-1e3c2b5e0f7a:fx';
const SENTENCE = 'Pablo espera el autobús de las ocho, como todos los días.';

let libre: FakeService;
let deepl: FakeService;
let t: TestApp;
let log: ReturnType<typeof capturedLog>;
let prefill: () => Promise<PrefillResponse>;
let adminCookie: string;
let chapter: string;

beforeAll(async () => {
  libre = await startFakeLibreTranslate();
  deepl = await startFakeDeepL({ authKey: DEEPL_KEY });
  log = capturedLog('info');
  t = await createTestApp(
    {
      LIBRETRANSLATE_URL: libre.url,
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_API_URL: deepl.url,
    },
    {},
    log.logger,
  );
  const admin = await signedInUser(t, { role: 'admin' });
  adminCookie = admin.cookie;
  const { chapterId } = await chapterWithRecording(t, admin.cookie);
  chapter = chapterId;
  let run = 0;
  prefill = async () => {
    // A sentence never asked before, so the cache does not answer for the services.
    run += 1;
    const transcript = paraguasTranscript();
    transcript.segments[1]!.text = `${SENTENCE} (${run})`;
    const res = await adminRequest(t.app, admin.cookie)(
      'POST',
      `/api/admin/chapters/${chapterId}/translations/prefill`,
      { transcript },
    );
    expect(res.statusCode, res.body).toBe(200);
    return prefillResponseSchema.parse(res.json());
  };
});

afterAll(async () => {
  await t.close();
  await libre.close();
  await deepl.close();
});

/** What a provider's translate call failed with (it must fail with a TranslationProviderError). */
async function failure(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TranslationProviderError);
  const { kind, message } = error as TranslationProviderError;
  return { kind, message };
}

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('LibreTranslate (local fake of POST /translate)', () => {
  it('sends the text with its languages and reads translatedText', async () => {
    libre.behave('answer');
    const provider = libreTranslateProvider(libre.url);
    expect(provider.supports('es', 'en')).toBe(true);
    expect(provider.supports('es', 'es')).toBe(false);
    expect(await provider.translate('Buenos días, María.', 'es', 'fr')).toBe(
      '[fr] Buenos días, María.',
    );
    expect(libre.requests.at(-1)!.body).toEqual({
      q: 'Buenos días, María.',
      source: 'es',
      target: 'fr',
      format: 'text',
    });
  });

  it('sends its API key, and says which setting to check when the server refuses it', async () => {
    const keyed = await startFakeLibreTranslate({ apiKey: 'right-key' });
    try {
      expect(
        await libreTranslateProvider(keyed.url, 'right-key').translate('Hola', 'es', 'en'),
      ).toBe('[en] Hola');
      expect(keyed.requests.at(-1)!.body.api_key).toBe('right-key');
      expect(
        await failure(libreTranslateProvider(keyed.url, 'wrong').translate('Hola', 'es', 'en')),
      ).toEqual({
        kind: 'refused',
        message: 'the API key was refused: check LIBRETRANSLATE_API_KEY (HTTP 403)',
      });
      expect(
        await failure(libreTranslateProvider(keyed.url).translate('Hola', 'es', 'en')),
      ).toEqual({
        kind: 'refused',
        message: 'the server asks for an API key: set LIBRETRANSLATE_API_KEY (HTTP 403)',
      });
    } finally {
      await keyed.close();
    }
  });

  it('turns errors, odd answers, silence and a closed port into failures an administrator can act on', async () => {
    const provider = libreTranslateProvider(libre.url, undefined, { timeoutMs: 300 });
    const attempt = () => failure(provider.translate('Hola', 'es', 'en'));
    libre.behave({ status: 429 });
    expect(await attempt()).toEqual({
      kind: 'rate-limited',
      message: 'too many requests: the service asks to slow down (HTTP 429)',
    });
    libre.behave({ status: 500 });
    expect(await attempt()).toEqual({
      kind: 'unavailable',
      message: 'the service is not working at the moment (HTTP 500)',
    });
    libre.behave({ status: 400 });
    expect(await attempt()).toEqual({
      kind: 'bad-answer',
      message: 'the request was not accepted (HTTP 400)',
    });
    libre.behave('not-json');
    expect(await attempt()).toEqual({ kind: 'bad-answer', message: 'the answer was not JSON' });
    libre.behave('no-translation');
    expect(await attempt()).toEqual({
      kind: 'bad-answer',
      message: 'the answer held no translation',
    });
    libre.behave('hang');
    expect(await attempt()).toEqual({
      kind: 'timeout',
      message: `no answer from ${libre.url} within 0.3 s`,
    });
    const closed = await closedPort();
    expect(await failure(libreTranslateProvider(closed).translate('Hola', 'es', 'en'))).toEqual({
      kind: 'unavailable',
      message: `${closed} could not be reached (ECONNREFUSED)`,
    });
    libre.behave('answer');
  });
});

describe('DeepL (local fake of POST /v2/translate)', () => {
  it('authenticates with its key and asks for American English', async () => {
    deepl.behave('answer');
    const provider = deeplProvider(DEEPL_KEY, deepl.url);
    expect(await provider.translate('¿Dónde está la estación?', 'es', 'en')).toBe(
      '[en] ¿Dónde está la estación?',
    );
    const { body, headers } = deepl.requests.at(-1)!;
    expect(headers.authorization).toBe(`DeepL-Auth-Key ${DEEPL_KEY}`);
    expect(body).toEqual({
      text: ['¿Dónde está la estación?'],
      source_lang: 'ES',
      target_lang: 'EN-US',
    });
    expect(await provider.translate('Hola', 'es', 'de')).toBe('[de] Hola');
  });

  it('says the key was refused, the quota used up, or that it did not answer', async () => {
    expect(
      await failure(deeplProvider('not-the-key', deepl.url).translate('Hola', 'es', 'en')),
    ).toEqual({
      kind: 'refused',
      message:
        'the key was refused: check DEEPL_API_KEY (and DEEPL_API_URL: free keys ending in :fx use api-free.deepl.com) (HTTP 403)',
    });
    const provider = deeplProvider(DEEPL_KEY, deepl.url, { timeoutMs: 300 });
    deepl.behave({ status: 456 });
    expect(await failure(provider.translate('Hola', 'es', 'en'))).toEqual({
      kind: 'rate-limited',
      message: 'the character quota is used up (HTTP 456)',
    });
    deepl.behave({ status: 503 });
    expect((await failure(provider.translate('Hola', 'es', 'en'))).kind).toBe('unavailable');
    deepl.behave('hang');
    expect(await failure(provider.translate('Hola', 'es', 'en'))).toEqual({
      kind: 'timeout',
      message: `no answer from ${deepl.url} within 0.3 s`,
    });
    deepl.behave('answer');
  });
});

describe('a failing translation service', () => {
  it('is logged without the text, reported to the administrator, and the next service answers', async () => {
    libre.behave({ status: 503 });
    deepl.behave('answer');
    const { transcript, report } = await prefill();

    expect(transcript.segments[1]).toMatchObject({
      translation: `[en] ${SENTENCE} (1)`,
      translationSource: 'machine',
      translationOrigin: 'deepl',
    });
    expect(report).toMatchObject({
      providers: ['libretranslate', 'deepl'],
      sentencesTranslated: [{ provider: 'deepl', sentences: 1 }],
      sentencesMissing: 0,
      failures: [
        {
          provider: 'libretranslate',
          message: 'the service is not working at the moment (HTTP 503)',
          sentences: 1,
        },
      ],
    });

    const failed = log.entries.filter((entry) => entry.provider === 'libretranslate');
    expect(failed).toEqual([
      expect.objectContaining({
        level: 40,
        kind: 'unavailable',
        msg: 'LibreTranslate failed: the service is not working at the moment (HTTP 503)',
      }),
    ]);
    // No line of the log holds the story's text.
    expect(JSON.stringify(log.entries)).not.toContain('autobús');
  });

  it('leaves the sentence missing when every service fails, and says why for each', async () => {
    libre.behave('not-json');
    deepl.behave({ status: 403 });
    const { transcript, report } = await prefill();
    expect(transcript.segments[1]!.translation).toBeUndefined();
    expect(report).toMatchObject({
      sentencesTranslated: [],
      sentencesMissing: 1,
      failures: [
        { provider: 'libretranslate', message: 'the answer was not JSON' },
        { provider: 'deepl', message: expect.stringMatching(/^the key was refused/) },
      ],
    });
    expect(JSON.stringify(log.entries)).not.toContain('autobús');
  });
});

describe('which services serve this site', () => {
  it('are listed to administrators by the readiness report, not to visitors', async () => {
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: adminCookie },
    });
    expect(asAdmin.json().translation).toEqual({ services: ['libretranslate', 'deepl'] });
    const asVisitor = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(asVisitor.json()).not.toHaveProperty('translation');
  });

  it("are shown in the studio beside 'Fill missing translations'", async () => {
    const res = await adminRequest(t.app, adminCookie)(
      'GET',
      `/api/admin/chapters/${chapter}/studio`,
    );
    expect(studioChapterSchema.parse(res.json()).translationServices).toEqual([
      'libretranslate',
      'deepl',
    ]);
  });

  it("are each asked for a word by the administrators' health check, which says how each answered", async () => {
    libre.behave('answer');
    deepl.behave({ status: 403 });
    const res = await adminRequest(t.app, adminCookie)('GET', '/api/admin/health-check');
    const body = healthCheckResponseSchema.parse(res.json());
    expect(body.healthy).toBe(false);
    expect(body.checks.translation).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^LibreTranslate answered in \d+ ms\. DeepL failed: the key was refused: check DEEPL_API_KEY .*\(HTTP 403\)\.$/,
      ),
    });
    deepl.behave('answer');
    const healthy = healthCheckResponseSchema.parse(
      (await adminRequest(t.app, adminCookie)('GET', '/api/admin/health-check')).json(),
    );
    expect(healthy.checks.translation).toEqual({
      ok: true,
      message: expect.stringMatching(
        /^LibreTranslate answered in \d+ ms\. DeepL answered in \d+ ms\.$/,
      ),
    });
    expect(healthy.healthy).toBe(true);
  });
});
