import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefillResponseSchema, type PrefillResponse } from '#shared/contracts/studio';
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

beforeAll(async () => {
  libre = await startFakeLibreTranslate();
  deepl = await startFakeDeepL({ authKey: DEEPL_KEY });
  log = capturedLog('info');
  t = await createTestApp(
    {
      TRANSLATE_APERTIUM: 'false',
      LIBRETRANSLATE_URL: libre.url,
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_API_URL: deepl.url,
    },
    {},
    log.logger,
  );
  const admin = await signedInUser(t, { role: 'admin' });
  const { chapterId } = await chapterWithRecording(t, admin.cookie);
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
          message: 'LibreTranslate is not working at the moment (HTTP 503)',
          sentences: 1,
        },
      ],
    });

    const failed = log.entries.filter((entry) => entry.provider === 'libretranslate');
    expect(failed).toEqual([
      expect.objectContaining({
        level: 40,
        kind: 'unavailable',
        msg: 'translation service libretranslate failed: LibreTranslate is not working at the moment (HTTP 503)',
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
        {
          provider: 'libretranslate',
          message: 'LibreTranslate answered something other than JSON',
        },
        { provider: 'deepl', message: 'DeepL refused the key (DEEPL_API_KEY) (HTTP 403)' },
      ],
    });
    expect(JSON.stringify(log.entries)).not.toContain('autobús');
  });
});
