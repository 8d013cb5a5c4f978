import type { PrefillReport } from '#shared/contracts/studio';
import { glossText, lookupWord, splitSenses, type GlossToken } from '#shared/lexicon/index';
import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';
import type { TranslateService } from '../translate/translate.service.ts';
import { createPrefillTally } from './prefill-report.ts';

/** Sentences sent to the translation providers at once. */
const PROVIDER_CONCURRENCY = 4;

const missing = (text: string | undefined) => text === undefined || text.trim() === '';

const firstSense = (english: string) => splitSenses(english)[0] ?? english;

/**
 * The lexicon's gloss of each word, read in its sentence (after an article a noun is preferred,
 * after a pronoun a verb): the sentence's tokens are matched to the words in order, and a word
 * the tokens do not line up with is looked up alone.
 */
function glossesOf(segment: TranscriptSegment): (string | undefined)[] {
  const tokens: GlossToken[] = glossText(segment.text).tokens;
  let next = 0;
  return segment.words.map((word) => {
    const found = tokens.findIndex((token, index) => index >= next && token.text === word.text);
    if (found >= 0) {
      next = found + 1;
      const english = tokens[found]!.en;
      return english ? firstSense(english) : undefined;
    }
    const alone = lookupWord(word.text);
    return alone ? firstSense(alone.en) : undefined;
  });
}

function prefillGlosses(segment: TranscriptSegment): TranscriptWord[] {
  if (!segment.words.some((word) => missing(word.gloss))) return segment.words;
  const glosses = glossesOf(segment);
  return segment.words.map((word, index) => {
    const gloss = glosses[index];
    return missing(word.gloss) && gloss
      ? { ...word, gloss, glossSource: 'machine' as const, glossOrigin: 'lexicon' as const }
      : word;
  });
}

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let first = 0; first < items.length; first += size) {
    results.push(...(await Promise.all(items.slice(first, first + size).map(work))));
  }
  return results;
}

/**
 * Fills what a transcript lacks, marked 'machine' until a person approves it: each word's gloss
 * from the built-in lexicon, each sentence's translation from the configured providers (through
 * the translate service, whose cache it shares), with the service that made it. What is already
 * written is never replaced. The report says what was filled and what failed (prefill-report.ts).
 */
export function createTranslationPrefill(deps: {
  translate: Pick<TranslateService, 'machineTranslate' | 'providerNames'>;
}) {
  const { translate } = deps;

  return async function prefill(
    transcript: Transcript,
    options: { onSentence?: (done: number, total: number) => void; signal?: AbortSignal } = {},
  ): Promise<{ transcript: Transcript; report: PrefillReport }> {
    const { segments } = transcript;
    const tally = createPrefillTally(translate.providerNames());
    let done = 0;
    const filled = await inBatches(segments, PROVIDER_CONCURRENCY, async (segment) => {
      options.signal?.throwIfAborted();
      const words = prefillGlosses(segment);
      const machine =
        missing(segment.translation) && segment.text.trim() !== ''
          ? await translate.machineTranslate(segment.text, 'es', 'en')
          : null;
      if (machine) tally.sentence(machine);
      options.onSentence?.(++done, segments.length);
      return machine?.translation
        ? {
            ...segment,
            words,
            translation: machine.translation,
            translationSource: 'machine' as const,
            translationOrigin: machine.provider,
          }
        : { ...segment, words };
    });
    const result = { segments: filled };
    return { transcript: result, report: tally.report(transcript, result) };
  };
}

export type TranslationPrefill = ReturnType<typeof createTranslationPrefill>;
