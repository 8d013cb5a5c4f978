/**
 * eSpeak NG compiled to WebAssembly (`@echogarden/espeak-ng-emscripten`, GPL-3.0, an npm
 * dependency with its voice data: nothing is downloaded). We use it rather than the `espeak-ng`
 * program because its synthesis callback exposes eSpeak's event list (word and phoneme events
 * with their audio position), which the command line never prints; the WebAssembly build is the
 * same C code, runs identically on every machine and gives sample-exact audio for each call.
 */
import type { ESpeakNGModule, ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';

/** eSpeak NG always speaks at this rate. */
export const ESPEAK_SAMPLE_RATE = 22_050;

export interface SpeechSettings {
  /**
   * eSpeak NG voice: a language (`es` Spain, `es-419` Latin America) optionally with a variant
   * (`es+f3`, `es-419+m3`, `es+klatt`).
   */
  voice: string;
  /** eSpeak's speed setting, nominally words per minute (80–450); its Spanish runs ~20% faster. */
  speed: number;
  /** 0–99, default 50. */
  pitch: number;
}

/** Where the WebAssembly build keeps eSpeak's data; voice variants are files in `voices/!v`. */
const VARIANTS_DIR = '/usr/share/espeak-ng-data/voices/!v';

/** One eSpeak NG instance: its worker and what it can speak. */
export interface Engine {
  worker: ESpeakNGWorker;
  /** Language names eSpeak accepts as a voice (`es`, `es-419`, `es-mx`…). */
  languages: Set<string>;
  variants: Set<string>;
}

let loading: Promise<Engine> | undefined;

async function load(): Promise<Engine> {
  let createEspeak: () => Promise<ESpeakNGModule>;
  try {
    createEspeak = (await import('@echogarden/espeak-ng-emscripten')).default;
  } catch (error) {
    throw new Error(
      'eSpeak NG (WebAssembly) is missing: it is the dependency "@echogarden/espeak-ng-emscripten" (npm install)',
      { cause: error },
    );
  }
  const module = await createEspeak();
  const worker = new module.eSpeakNGWorker();
  const rate = worker.get_samplerate();
  if (rate !== ESPEAK_SAMPLE_RATE) {
    throw new Error(`eSpeak NG sample rate is ${rate}, expected ${ESPEAK_SAMPLE_RATE}`);
  }
  const languages = new Set(
    worker.list_voices().flatMap((voice) => voice.languages.map((language) => language.name)),
  );
  const variants = new Set(module.FS.readdir(VARIANTS_DIR).filter((name) => !name.startsWith('.')));
  return { worker, languages, variants };
}

function loadEngine(): Promise<Engine> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * A synthesiser of its own, never shared (about 0.3 s to load): eSpeak keeps state between calls,
 * so a job that must give the same result wherever and after whatever it runs (the aligner's
 * reference voice) speaks with a fresh one.
 */
export function openEngine(): Promise<Engine> {
  return load();
}

/**
 * The one synthesiser of the process, loaded once (about 0.3 s); later calls reuse it. eSpeak
 * keeps state between calls (its noise generator, for one), so a sentence's samples depend on what
 * the process said before: a fresh process saying the same sentences in the same order gives
 * byte-identical audio, which is how the demo library and the evaluation set are built. Variants
 * with breathiness (`+f2`, `+f3`, `+f5`) add noise that differs from run to run (the timings do
 * not): reproducible builds avoid them.
 */
export async function loadSynthesizer(): Promise<ESpeakNGWorker> {
  return (await loadEngine()).worker;
}

/**
 * Applies voice, speed and pitch. An unknown voice or variant is refused: eSpeak itself would
 * quietly keep the previous voice or pick another language's.
 */
export async function applySettings(
  settings: SpeechSettings,
  engine?: Engine,
): Promise<ESpeakNGWorker> {
  const { worker, languages, variants } = engine ?? (await loadEngine());
  const [language = '', variant, ...rest] = settings.voice.split('+');
  if (
    !languages.has(language) ||
    rest.length > 0 ||
    (variant !== undefined && !variants.has(variant))
  ) {
    throw new RangeError(`eSpeak NG has no voice "${settings.voice}"`);
  }
  if (worker.set_voice(settings.voice) !== 0) {
    throw new RangeError(`eSpeak NG has no voice "${settings.voice}"`);
  }
  worker.set_rate(settings.speed);
  worker.set_pitch(settings.pitch);
  return worker;
}

/** The languages eSpeak NG can speak here (e.g. `es`, `es-419`), for messages and checks. */
export async function listVoiceLanguages(): Promise<string[]> {
  return [...(await loadEngine()).languages];
}
