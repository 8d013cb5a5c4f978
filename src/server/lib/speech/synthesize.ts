import type { EspeakEvent } from '@echogarden/espeak-ng-emscripten';
import { tokenizeWords, type WordToken } from '#shared/studio/words';
import { applySettings, ESPEAK_SAMPLE_RATE, type Engine, type SpeechSettings } from './espeak.ts';
import { wordTimingsFromEvents, type WordTiming } from './word-timing.ts';

export interface SentenceSpeech {
  /** 16-bit mono samples at ESPEAK_SAMPLE_RATE. */
  samples: Int16Array;
  /** One per token, in order. */
  words: WordTiming[];
}

/**
 * An abbreviated ordinal after its digits: `1.º`, `2.ª`, `1.er`, `3.os`, `1er`. eSpeak reads
 * `1º` as "primero" and `2ª` as "segunda", but `1.º` as "uno punto o" and `1er` as "uno er".
 */
const ORDINAL = /(?<=\p{Nd})\.?(º|ª|er|os|as)(?![\p{L}\p{M}\p{N}])/gu;
const ORDINAL_SIGN: Record<string, string> = { º: 'º', ª: 'ª', er: 'º', os: 'º', as: 'ª' };

/**
 * The text eSpeak reads: identical length to the displayed text (so eSpeak's character positions
 * map back onto the tokens), but a dialogue dash opening the sentence becomes a space so the
 * sentence does not start with a long silent beat, and an ordinal is written as eSpeak reads it
 * the way a narrator does (`1.º` → `1º `).
 */
export function speechText(text: string): string {
  return text
    .replace(/^(\s*)[—–-]/u, '$1 ')
    .replace(ORDINAL, (written: string, suffix: string) =>
      (ORDINAL_SIGN[suffix] ?? suffix).padEnd(written.length, ' '),
    );
}

/** Synthesises one sentence and tells, for each token of its text, where eSpeak started saying it. */
export async function synthesizeSentence(
  text: string,
  tokens: readonly WordToken[],
  settings: SpeechSettings,
  /** A synthesiser of the caller's own (openEngine); by default the process's shared one. */
  engine?: Engine,
): Promise<SentenceSpeech> {
  const espeak = await applySettings(settings, engine);

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
  return { samples, words: wordTimingsFromEvents(events, tokens, total, ESPEAK_SAMPLE_RATE) };
}

/** A sentence to speak, and optionally the words its transcript shows (default: the word rule). */
export interface SpeechSentence {
  text: string;
  words?: readonly string[];
}

const isWordCharacter = (character: string | undefined) =>
  character !== undefined && /[\p{L}\p{M}\p{N}]/u.test(character);

/** Where `word` occurs in `text` from `from` on as a whole word ("la" is not inside "Habla"). */
function findWord(text: string, word: string, from: number): number {
  for (let at = text.indexOf(word, from); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = isWordCharacter(word[0]) && isWordCharacter(text[at - 1]);
    const after = isWordCharacter(word.at(-1)) && isWordCharacter(text[at + word.length]);
    if (!before && !after) return at;
  }
  return -1;
}

/**
 * The text eSpeak reads for a sentence and where each of its words sits in it. The words are
 * found in the text in order; when a transcript's words are not all in its text (a hand-made
 * file), eSpeak reads the words themselves, so each still gets a time.
 */
export function speechTokens(sentence: SpeechSentence): { text: string; tokens: WordToken[] } {
  const { text, words } = sentence;
  if (words === undefined) return { text, tokens: tokenizeWords(text) };
  const tokens: WordToken[] = [];
  let from = 0;
  for (const word of words) {
    const start = findWord(text, word, from);
    if (start < 0) break;
    tokens.push({ text: word, start, end: start + word.length });
    from = start + word.length;
  }
  if (tokens.length === words.length) return { text, tokens };
  let offset = 0;
  return {
    text: words.join(' '),
    tokens: words.map((word) => {
      const token = { text: word, start: offset, end: offset + word.length };
      offset += word.length + 1;
      return token;
    }),
  };
}

export interface SpeechOptions extends SpeechSettings {
  /** Silence between sentences (seconds), default 0.3; before the first and after the last: none. */
  pauseSeconds?: number;
  /** Checked between sentences (a cancelled job). */
  signal?: AbortSignal;
  /** 0–1 of the sentences done. */
  onProgress?: (fraction: number) => void;
}

export interface SentenceTiming {
  /** Seconds from the start of the synthesised audio (exactly a sample index ÷ sampleRate). */
  start: number;
  end: number;
  /** One per word of the sentence. */
  wordStarts: number[];
}

export interface SynthesizedSpeech {
  /** Mono samples in -1…1. */
  samples: Float32Array;
  sampleRate: number;
  sentences: SentenceTiming[];
}

/** Long texts are synthesised in slices of about this long before other work gets a turn. */
const YIELD_EVERY_MS = 50;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Speaks sentences one after another with a pause between them, and tells where each sentence and
 * each of its words starts. eSpeak runs synchronously; between sentences the event loop gets a turn
 * now and then, so a server stays responsive while a long chapter is spoken.
 */
export async function synthesizeSpeech(
  sentences: readonly SpeechSentence[],
  options: SpeechOptions,
): Promise<SynthesizedSpeech> {
  const sampleRate = ESPEAK_SAMPLE_RATE;
  const pause = Math.round((options.pauseSeconds ?? 0.3) * sampleRate);
  const parts: Int16Array[] = [];
  const timings: { start: number; end: number; wordStarts: number[] }[] = [];
  let cursor = 0;
  let sliceStarted = performance.now();
  for (const [index, sentence] of sentences.entries()) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (index > 0) cursor += pause;
    const { text, tokens } = speechTokens(sentence);
    const speech = await synthesizeSentence(text, tokens, options);
    parts.push(speech.samples);
    timings.push({
      start: cursor,
      end: cursor + speech.samples.length,
      wordStarts: speech.words.map((word) => cursor + word.startSample),
    });
    cursor += speech.samples.length;
    options.onProgress?.((index + 1) / sentences.length);
    if (performance.now() - sliceStarted > YIELD_EVERY_MS) {
      await yieldToEventLoop();
      sliceStarted = performance.now();
    }
  }

  const samples = new Float32Array(cursor);
  for (const [index, part] of parts.entries()) {
    const at = timings[index]?.start ?? 0;
    for (let i = 0; i < part.length; i++) samples[at + i] = (part[i] ?? 0) / 32768;
  }
  return {
    samples,
    sampleRate,
    sentences: timings.map((timing) => ({
      start: timing.start / sampleRate,
      end: timing.end / sampleRate,
      wordStarts: timing.wordStarts.map((sample) => sample / sampleRate),
    })),
  };
}
