import type { PrefillReport } from '../contracts/studio.ts';
import {
  serviceSequence,
  translationServiceNames,
  translationServiceSettings,
  type TranslationServiceName,
} from '../translation-services.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Where the settings that switch a translation service on are explained. */
export const translationServicesHelp = 'docs/operations.md';

export const noTranslationServiceMessage = `Sentences need a translation service: none is configured on this site — set ${translationServiceSettings} (see ${translationServicesHelp}).`;

/** "10 sentences translated by Apertium, 2 by DeepL, 4 from the translation memory" */
function translatedText(report: PrefillReport): string | null {
  const sources = [
    ...report.sentencesTranslated.map(({ provider, sentences }) => ({
      sentences,
      how: 'translated',
      by: `by ${translationServiceNames[provider]}`,
    })),
    ...(report.sentencesFromMemory > 0
      ? [
          {
            sentences: report.sentencesFromMemory,
            how: 'filled',
            by: 'from the translation memory',
          },
        ]
      : []),
  ];
  return sources.length === 0
    ? null
    : sources
        .map(({ sentences, how, by }, index) =>
          index === 0
            ? `${count(sentences, 'sentence', 'sentences')} ${how} ${by}`
            : `${sentences} ${by}`,
        )
        .join(', ');
}

function sentencesText(report: PrefillReport): string {
  const translated = translatedText(report);
  const missing = report.sentencesMissing;
  if (translated)
    return `${translated}; ${missing === 0 ? 'none missing' : `${missing} still missing`}.`;
  if (missing === 0) return 'Every sentence has a translation.';
  return `No sentence translated; ${count(missing, 'sentence', 'sentences')} still missing.`;
}

/**
 * What a prefill did, in the words the studio shows (decision 044): exactly what was filled, by
 * which service, what is still missing, and each service's failure ("Apertium failed: …").
 */
export function prefillSummary(report: PrefillReport): { status: string; failures: string[] } {
  const failures = report.failures.map(
    ({ provider, message, sentences }) =>
      `${translationServiceNames[provider]} failed: ${message} (${count(sentences, 'sentence', 'sentences')}).`,
  );
  const noService = report.providers.length === 0;
  const parts =
    noService && report.sentencesFromMemory === 0
      ? [
          report.glossesFilled === 0
            ? 'No gloss filled.'
            : `Glosses filled (${report.glossesFilled}).`,
        ]
      : [
          sentencesText(report),
          report.glossesFilled === 0
            ? 'No gloss filled.'
            : `${count(report.glossesFilled, 'gloss', 'glosses')} filled from the dictionary.`,
        ];
  if (noService && report.sentencesMissing > 0) parts.push(noTranslationServiceMessage);
  return { status: parts.join(' '), failures };
}

/**
 * Beside "Fill missing translations": which services translate sentences here, in the order they
 * are asked ("Sentence translations: Apertium, then DeepL"), or that none does.
 */
export function translationServicesNote(services: readonly TranslationServiceName[]): string {
  return services.length === 0
    ? 'No translation service: glosses only'
    : `Sentence translations: ${serviceSequence(services)}`;
}
