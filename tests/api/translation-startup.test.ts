import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { findApertium } from '#server/modules/translate/apertium/apertium-install';
import {
  createEmptyDatabase,
  startAppProcess,
  stopAllAppProcesses,
} from './helpers/app-process.ts';

/**
 * A server process says at start which translation services serve the site, or that none does
 * and what that means (decision 044); TRANSLATE_APERTIUM=true on a machine without Apertium stops
 * the start with the reason.
 */

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await stopAllAppProcesses();
});
afterAll(async () => {
  for (const drop of drops) await drop();
});

async function database() {
  const { url, drop } = await createEmptyDatabase();
  drops.push(drop);
  return url;
}

const translationLine = (lines: Record<string, unknown>[]) =>
  lines
    .map((entry) => String(entry.msg))
    .find((msg) => /translation service/.test(msg) && !msg.startsWith('could not start'));

describe('the start-up log', () => {
  it('says plainly when no service translates sentences, and which settings add one', async () => {
    const app = await startAppProcess({
      env: { DATABASE_URL: await database(), LOG_LEVEL: 'info', TRANSLATE_APERTIUM: 'false' },
    });
    expect(translationLine(app.jsonLines())).toBe(
      'no translation service: "Fill missing translations" fills glosses only; sentences need TRANSLATE_APERTIUM, LIBRETRANSLATE_URL or DEEPL_API_KEY (docs/operations.md). Apertium is switched off (TRANSLATE_APERTIUM=false)',
    );
  }, 90_000);

  it('lists the services in the order they are asked', async () => {
    const app = await startAppProcess({
      env: {
        DATABASE_URL: await database(),
        LOG_LEVEL: 'info',
        TRANSLATE_APERTIUM: 'auto',
        LIBRETRANSLATE_URL: 'http://127.0.0.1:5000',
        DEEPL_API_KEY: 'a-key:fx',
      },
    });
    const apertium = findApertium();
    expect(translationLine(app.jsonLines())).toBe(
      apertium.found
        ? 'translation services: Apertium, LibreTranslate, then DeepL'
        : `translation services: LibreTranslate, then DeepL. Apertium is not used: ${apertium.reason}`,
    );
  }, 90_000);

  it('stops the start when TRANSLATE_APERTIUM=true and Apertium is not on the machine', async () => {
    const app = await startAppProcess({
      // No directory of this PATH holds Apertium's programs.
      env: { DATABASE_URL: await database(), TRANSLATE_APERTIUM: 'true', PATH: '/nonexistent' },
      waitUntilReady: false,
    });
    expect((await app.exited).code).toBe(1);
    expect(app.jsonLines().at(-1)).toMatchObject({
      level: 60,
      msg: 'could not start: TRANSLATE_APERTIUM=true, but apertium-wblank-mode is not installed (Debian: apt-get install -y apertium-eng-spa)',
    });
  }, 90_000);
});
