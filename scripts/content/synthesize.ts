/**
 * Speech synthesis of one sentence with eSpeak NG, with word start times taken from the
 * synthesiser's own events (not estimated from the audio).
 *
 * We run eSpeak NG compiled to WebAssembly (`@echogarden/espeak-ng-emscripten`) because its
 * synthesis callback exposes eSpeak's event list (word and phoneme events with their audio
 * position), which the `espeak-ng` command line never prints. The WASM build is the same C code,
 * runs identically on every machine, and gives sample-exact audio for each call.
 */
import type { ESpeakNGModule, ESpeakNGWorker, EspeakEvent } from '@echogarden/espeak-ng-emscripten';
import type { Token } from './source.ts';

export const SAMPLE_RATE = 22050;

export interface SynthesisSettings {
  /** eSpeak NG voice, e.g. `es` (Spanish, Spain). */
  voice: string;
  /** eSpeak's speed setting. eSpeak's Spanish voice speaks faster than the nominal wpm. */
  rate: number;
  pitch: number;
}

export interface WordTiming {
  /** Sample offset (from the sentence's first sample) where the word starts. */
  startSample: number;
  /** Milliseconds of eSpeak's word event (before snapping to the first sounding phoneme). */
  wordEventMs: number;
  /** Milliseconds of the first sounding phoneme of the word, when eSpeak reported one. */
  phonemeMs: number | null;
}

export interface SynthesizedSentence {
  samples: Int16Array;
  words: WordTiming[];
}

let worker: ESpeakNGWorker | undefined;

/** Loads the WebAssembly synthesiser (once); fails early with a clear message if it is missing. */
export async function loadSynthesizer(): Promise<ESpeakNGWorker> {
  if (!worker) {
    let createEspeak: () => Promise<ESpeakNGModule>;
    try {
      createEspeak = (await import('@echogarden/espeak-ng-emscripten')).default;
    } catch (error) {
      throw new Error(
        'eSpeak NG (WebAssembly) is missing: it is the devDependency ' +
          '"@echogarden/espeak-ng-emscripten" (npm install)',
        { cause: error },
      );
    }
    const module = await createEspeak();
    worker = new module.eSpeakNGWorker();
    const rate = worker.get_samplerate();
    if (rate !== SAMPLE_RATE) {
      throw new Error(`eSpeak NG sample rate is ${rate}, expected ${SAMPLE_RATE}`);
    }
  }
  return worker;
}

/**
 * The text eSpeak reads: identical length to the displayed text (so eSpeak's character positions
 * map back onto our tokens), but a dialogue dash opening the sentence becomes a space so the
 * sentence does not start with a long silent beat.
 */
export function speechText(text: string): string {
  return text.replace(/^(\s*)[—–-]/u, '$1 ');
}

function isSoundingPhoneme(event: EspeakEvent): boolean {
  return (
    event.type === 'phoneme' &&
    typeof event.id === 'string' &&
    event.id !== '' &&
    !event.id.startsWith('_')
  );
}

/**
 * Synthesises one sentence and returns its samples plus, for each token, the time eSpeak started
 * speaking it. A token's time is eSpeak's word event for the first word eSpeak found inside the
 * token's characters, moved to the first sounding phoneme event that follows it in eSpeak's event
 * stream (word events can sit at the start of a preceding pause or a linked consonant).
 */
export async function synthesizeSentence(
  text: string,
  tokens: readonly Token[],
  settings: SynthesisSettings,
): Promise<SynthesizedSentence> {
  const espeak = await loadSynthesizer();
  espeak.set_voice(settings.voice);
  espeak.set_rate(settings.rate);
  espeak.set_pitch(settings.pitch);

  const chunks: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  espeak.synthesize(speechText(text), (samples, chunkEvents) => {
    if (samples.length > 0) chunks.push(samples);
    events.push(...chunkEvents);
    return false;
  });

  const total = chunks.reduce((n, c) => n + c.length, 0);
  const samples = new Int16Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }

  // eSpeak's text_position is 1-based and counts characters of the input string.
  const wordEventIndexes = events.flatMap((e, i) => (e.type === 'word' ? [i] : []));
  const words: WordTiming[] = [];
  let searchFrom = 0;
  for (const token of tokens) {
    const at = wordEventIndexes.findIndex((i, k) => {
      if (k < searchFrom) return false;
      const pos = (events[i]?.text_position ?? 0) - 1;
      return pos >= token.start && pos < token.end;
    });
    const eventIndex = wordEventIndexes[at];
    const wordEvent = eventIndex === undefined ? undefined : events[eventIndex];
    if (eventIndex === undefined || wordEvent === undefined) {
      throw new Error(
        `eSpeak reported no word event for "${token.text}" in ${JSON.stringify(text)}`,
      );
    }
    // Skip any further word events inside the same token (e.g. a number read as several words).
    searchFrom = at + 1;
    while (searchFrom < wordEventIndexes.length) {
      const pos = (events[wordEventIndexes[searchFrom] ?? 0]?.text_position ?? 0) - 1;
      if (pos >= token.end) break;
      searchFrom++;
    }
    const nextWordEventIndex = wordEventIndexes[searchFrom] ?? events.length;
    let phonemeMs: number | null = null;
    for (let i = eventIndex + 1; i < nextWordEventIndex; i++) {
      const e = events[i];
      if (e && isSoundingPhoneme(e)) {
        phonemeMs = e.audio_position;
        break;
      }
    }
    const ms = phonemeMs ?? wordEvent.audio_position;
    words.push({
      startSample: Math.min(total, Math.round((ms * SAMPLE_RATE) / 1000)),
      wordEventMs: wordEvent.audio_position,
      phonemeMs,
    });
  }
  for (let i = 1; i < words.length; i++) {
    const prev = words[i - 1];
    const cur = words[i];
    if (prev && cur && cur.startSample < prev.startSample) {
      throw new Error(`word times go backwards in ${JSON.stringify(text)} at word ${i + 1}`);
    }
  }
  return { samples, words };
}
