import type { PrefillReport } from '#shared/contracts/studio';
import { appearsIn, glossInContext, translationStems } from '#shared/lexicon/gloss-in-context';
import { glossExemptions } from '#shared/studio/gloss-exempt';
import { segmentReadings } from '#shared/studio/segment-readings';
import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';
import type { TranslateService } from '../translate/translate.service.ts';
import { createPrefillTally } from './prefill-report.ts';
import type { MemoryOffers, TranslationMemory } from './translation-memory.ts';

/** Sentences sent to the translation providers at once. */
const PROVIDER_CONCURRENCY = 4;

const missing = (text: string | undefined) => text === undefined || text.trim() === '';

/**
 * Of a word's approved glosses elsewhere (the most used first), the first whose words appear in
 * its sentence's translation, else the most used.
 */
function rememberedGloss(remembered: string[], translation: string | undefined): string {
  const stems = translation ? translationStems(translation) : [];
  return remembered.find((gloss) => appearsIn(gloss, stems)) ?? remembered[0]!;
}

/**
 * Who wrote a sentence's translation, for the glosses in context: a service's proposal is a
 * machine's; a person's text, or one the translation memory offers (a person approved it
 * elsewhere), a person's.
 */
const translatedBy = (segment: TranscriptSegment) =>
  segment.translationSource === 'machine' && segment.translationOrigin !== 'memory'
    ? ('machine' as const)
    : ('person' as const);

/**
 * The glosses a sentence lacks, read with its translation (approved, remembered or the machine's):
 * a gloss approved for the same word elsewhere on the site first, else the lexicon's sense that
 * the translation shows, or else one that glosses approved for other forms of its lemma show
 * (glossInContext). Names, numbers and punctuation get only an approved gloss from the memory:
 * they need none (gloss-exempt.ts).
 */
function prefillGlosses(segment: TranscriptSegment, offers: MemoryOffers): TranscriptWord[] {
  if (!segment.words.some((word) => missing(word.gloss))) return segment.words;
  const exemptions = glossExemptions(segment);
  const readings = segmentReadings(segment);
  return segment.words.map((word, index) => {
    if (!missing(word.gloss)) return word;
    const remembered = offers.glossesOf(word.text);
    if (remembered.length > 0) {
      return {
        ...word,
        gloss: rememberedGloss(remembered, segment.translation),
        glossSource: 'machine' as const,
        glossOrigin: 'memory' as const,
      };
    }
    if (exemptions[index] !== null) return word;
    const reading = readings[index]!;
    const gloss = glossInContext(reading, {
      translation: segment.translation,
      translatedBy: translatedBy(segment),
      approvedForLemma: reading.lemma ? offers.glossesOfLemma(reading.lemma) : [],
    });
    return gloss
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
 * Fills what a transcript lacks, marked 'machine' (with where it came from) until a person
 * approves it. Each sentence's translation: the site's translation memory first (the same
 * sentence, or one differing only in names and numbers, approved in any chapter; decision 045),
 * else the configured providers (through the translate service, whose cache it shares). Then each
 * word's gloss, read with that translation (prefillGlosses). What is already written is never
 * replaced. The report says what was filled and what failed (prefill-report.ts).
 */
export function createTranslationPrefill(deps: {
  translate: Pick<TranslateService, 'machineTranslate' | 'providerNames'>;
  memory: Pick<TranslationMemory, 'catchUp' | 'offersFor'>;
}) {
  const { translate, memory } = deps;

  return async function prefill(
    transcript: Transcript,
    options: { onSentence?: (done: number, total: number) => void; signal?: AbortSignal } = {},
  ): Promise<{ transcript: Transcript; report: PrefillReport }> {
    const { segments } = transcript;
    const tally = createPrefillTally(translate.providerNames());
    await memory.catchUp();
    const offers = await memory.offersFor(transcript);

    async function translated(segment: TranscriptSegment): Promise<TranscriptSegment> {
      if (!missing(segment.translation) || segment.text.trim() === '') return segment;
      const remembered = offers.translationOf(segment.text);
      if (remembered !== null) {
        tally.fromMemory();
        return {
          ...segment,
          translation: remembered,
          translationSource: 'machine',
          translationOrigin: 'memory',
        };
      }
      const machine = await translate.machineTranslate(segment.text, 'es', 'en');
      tally.sentence(machine);
      return machine.translation
        ? {
            ...segment,
            translation: machine.translation,
            translationSource: 'machine',
            translationOrigin: machine.provider,
          }
        : segment;
    }

    let done = 0;
    const filled = await inBatches(segments, PROVIDER_CONCURRENCY, async (segment) => {
      options.signal?.throwIfAborted();
      const withTranslation = await translated(segment);
      const words = prefillGlosses(withTranslation, offers);
      options.onSentence?.(++done, segments.length);
      return { ...withTranslation, words };
    });
    const result = { segments: filled };
    return { transcript: result, report: tally.report(transcript, result) };
  };
}

export type TranslationPrefill = ReturnType<typeof createTranslationPrefill>;
