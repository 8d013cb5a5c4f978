import { afterEach, describe, expect, it } from 'vitest';
import { TranslationProviderError } from '../provider-error.ts';
import { findApertium } from './apertium-install.ts';
import { createApertiumProcess, type ApertiumProcess } from './apertium-process.ts';

/**
 * The translator process against the real Debian package (apertium-eng-spa). `npm test` installs
 * it when run as root (scripts/ensure-system-tools.ts); on a machine without it and without root,
 * these tests are skipped and their title says why.
 */
const apertium = findApertium();
const title = apertium.found
  ? 'the Apertium translator process (real apertium-eng-spa)'
  : `the Apertium translator process — SKIPPED: ${apertium.reason}; npm test installs it when run as root`;
const modeFile = apertium.found ? apertium.install.modes['es-en']! : '';

/** Whether any process of the translator's group still runs. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const started: ApertiumProcess[] = [];
function translator(options: Parameters<typeof createApertiumProcess>[0] = { modeFile }) {
  const made = createApertiumProcess(options);
  started.push(made);
  return made;
}

afterEach(() => {
  for (const made of started.splice(0)) made.stop();
});

const failureOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TranslationProviderError);
  return error as TranslationProviderError;
};

describe.runIf(apertium.found)(title, () => {
  it('translates Spanish sentences into English, one process for all of them', async () => {
    const apertium = translator();
    expect(await apertium.translate('Es lunes y llueve mucho.')).toBe(
      'It is Monday and rains a lot.',
    );
    const pid = apertium.pid;
    expect(await apertium.translate('Pablo espera el autobús de las ocho.')).toMatch(
      /^Pablo .*bus.*eight/,
    );
    expect(apertium.pid).toBe(pid);
  });

  it("keeps the characters Apertium's stream reserves, and line breaks", async () => {
    const apertium = translator();
    const output = await apertium.translate(
      'Cuesta 5 $ [nota] ^ a/b \\ @ * < > { } ~ fin.\nAdiós.',
    );
    for (const char of ['$', '[', ']', '^', '/', '\\', '@', '*', '<', '>', '{', '}', '~']) {
      expect(output, char).toContain(char);
    }
    expect(output).toContain('[note]');
    expect(output.split('\n')).toHaveLength(2);
    expect(output).toMatch(/Goodbye\.$/);
  });

  it('answers requests made at once each with its own translation, in order', async () => {
    const apertium = translator();
    const sentences = [
      'El perro come.',
      'La casa es roja.',
      'Tengo dos hermanos.',
      'Mañana vamos a la playa.',
      'El libro está en la mesa.',
    ];
    const alone: string[] = [];
    for (const sentence of sentences) alone.push(await apertium.translate(sentence));
    const together = await Promise.all(
      [...sentences, ...sentences].map((sentence) => apertium.translate(sentence)),
    );
    expect(together).toEqual([...alone, ...alone]);
    expect(new Set(alone).size).toBe(sentences.length);
  });

  it('starts again after its process was killed, idle or during a request', async () => {
    const apertium = translator();
    await apertium.translate('Hola.');
    const first = apertium.pid!;
    process.kill(-first, 'SIGKILL');
    await expect.poll(() => apertium.pid, { timeout: 10_000 }).toBeUndefined();
    expect(await apertium.translate('El gato duerme.')).toBe('The cat sleeps.');
    const second = apertium.pid!;
    expect(second).not.toBe(first);

    // Killed while a request waits: that request fails and says so; the next one is served.
    const waiting = apertium.translate('La niña lee un libro muy largo.');
    process.kill(-second, 'SIGKILL');
    const failure = await failureOf(waiting);
    expect(failure.kind).toBe('crashed');
    expect(failure.message).toBe('the translator stopped (signal SIGKILL)');
    expect(await apertium.translate('El gato duerme.')).toBe('The cat sleeps.');
  });

  it('kills a translator that does not answer in time, and rests after failures in a row', async () => {
    // Loading the dictionaries takes far longer than 1 ms: every request times out.
    const apertium = translator({
      modeFile,
      requestTimeoutMs: 1,
      startTimeoutMs: 0,
      failuresBeforeRest: 2,
      restMs: 60_000,
    });
    const first = await failureOf(apertium.translate('Hola.'));
    expect(first).toMatchObject({
      kind: 'timeout',
      message: 'the translator did not answer within 0.001 s and was restarted',
    });
    await failureOf(apertium.translate('Hola.'));
    const resting = await failureOf(apertium.translate('Hola.'));
    expect(resting.kind).toBe('unavailable');
    expect(resting.message).toMatch(
      /^the translator failed 2 times in a row; it is tried again in \d+ s$/,
    );
    expect(apertium.pid).toBeUndefined();
  });

  it('stops its whole pipeline for good when the server closes', async () => {
    const apertium = translator();
    await apertium.translate('Hola.');
    const pid = apertium.pid!;
    expect(groupAlive(pid)).toBe(true);
    apertium.stop();
    await expect.poll(() => groupAlive(pid), { timeout: 10_000 }).toBe(false);
    const after = await failureOf(apertium.translate('Hola.'));
    expect(after.message).toBe('the translator is stopping with the server');
  });
});
