import type { PrefillReport, TranslationFailure } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import type { TranslationServiceName } from '#shared/translation-services';
import type { MachineTranslation } from '../translate/translate.service.ts';

const missing = (text: string | undefined) => text === undefined || text.trim() === '';

/**
 * Counts what a prefill did from what the translate service answered for each sentence and from
 * the transcript before and after, so the report says no more than was done (decision 044).
 */
export function createPrefillTally(providers: readonly TranslationServiceName[]) {
  const translated = new Map<TranslationServiceName, number>();
  const failures = new Map<string, TranslationFailure>();
  let fromMemory = 0;

  return {
    /** One sentence's answer from the translate service. */
    sentence(outcome: MachineTranslation) {
      if (outcome.translation !== null) {
        translated.set(outcome.provider, (translated.get(outcome.provider) ?? 0) + 1);
      }
      for (const { provider, message } of outcome.failures) {
        const key = `${provider}\n${message}`;
        const seen = failures.get(key);
        if (seen) seen.sentences += 1;
        else failures.set(key, { provider, message, sentences: 1 });
      }
    },

    /** One sentence filled from the site's translation memory. */
    fromMemory() {
      fromMemory += 1;
    },

    report(before: Transcript, after: Transcript): PrefillReport {
      const glossesBefore = new Map(
        before.segments.flatMap((segment) =>
          segment.words.map((word) => [`${segment.id}\n${word.id}`, word.gloss] as const),
        ),
      );
      const glossesFilled = after.segments.flatMap((segment) =>
        segment.words.filter(
          (word) => !missing(word.gloss) && missing(glossesBefore.get(`${segment.id}\n${word.id}`)),
        ),
      ).length;
      return {
        providers: [...providers],
        sentencesTranslated: providers
          .filter((provider) => translated.has(provider))
          .map((provider) => ({ provider, sentences: translated.get(provider)! })),
        sentencesFromMemory: fromMemory,
        sentencesMissing: after.segments.filter(
          (segment) => segment.text.trim() !== '' && missing(segment.translation),
        ).length,
        glossesFilled,
        failures: [...failures.values()],
      };
    },
  };
}
