import type { EspeakEvent } from '@echogarden/espeak-ng-emscripten';
import type { WordToken } from '#shared/studio/words';

export interface WordTiming {
  /** Sample offset (from the sentence's first sample) where the word starts. */
  startSample: number;
  /** Milliseconds of eSpeak's word event (before moving to the first sounding phoneme). */
  wordEventMs: number | null;
  /** Milliseconds of the first sounding phoneme of the word, when eSpeak reported one. */
  phonemeMs: number | null;
  /**
   * False when eSpeak said nothing for this word (a word of symbols only, in a hand-made
   * transcript): it then starts where the next spoken word starts, taking no time.
   */
  spoken: boolean;
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
 * Where each token starts in eSpeak's audio of one sentence, from the synthesiser's own events.
 * A token's time is eSpeak's word event for the first word eSpeak found inside the token's
 * characters, moved to the first sounding phoneme event that follows it in the event stream: a
 * word event can sit at the start of a preceding pause or of a consonant linked from the word
 * before. Further word events inside the same token (a number read as several words) are part of
 * it. `text_position` is 1-based and counts characters of the text eSpeak read.
 */
export function wordTimingsFromEvents(
  events: readonly EspeakEvent[],
  tokens: readonly WordToken[],
  totalSamples: number,
  sampleRate: number,
): WordTiming[] {
  const wordEventIndexes = events.flatMap((e, i) => (e.type === 'word' ? [i] : []));
  const positionOf = (k: number) => (events[wordEventIndexes[k] ?? -1]?.text_position ?? 0) - 1;
  const words: (WordTiming | undefined)[] = [];
  let searchFrom = 0;
  for (const token of tokens) {
    const at = wordEventIndexes.findIndex(
      (_, k) => k >= searchFrom && positionOf(k) >= token.start && positionOf(k) < token.end,
    );
    const eventIndex = wordEventIndexes[at];
    const wordEvent = eventIndex === undefined ? undefined : events[eventIndex];
    if (eventIndex === undefined || wordEvent === undefined) {
      words.push(undefined);
      continue;
    }
    searchFrom = at + 1;
    while (searchFrom < wordEventIndexes.length && positionOf(searchFrom) < token.end) searchFrom++;
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
      startSample: Math.min(totalSamples, Math.round((ms * sampleRate) / 1000)),
      wordEventMs: wordEvent.audio_position,
      phonemeMs,
      spoken: true,
    });
  }
  // Unspoken words take the start of the next spoken one (or the sentence's end).
  let next = totalSamples;
  const timed: WordTiming[] = [];
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] ?? {
      startSample: next,
      wordEventMs: null,
      phonemeMs: null,
      spoken: false,
    };
    next = word.startSample;
    timed[i] = word;
  }
  for (let i = 1; i < timed.length; i++) {
    if ((timed[i]?.startSample ?? 0) < (timed[i - 1]?.startSample ?? 0)) {
      throw new Error(`eSpeak's word times go backwards at word ${i + 1} (${tokens[i]?.text})`);
    }
  }
  return timed;
}
