import type { TranslationSummary } from '#shared/contracts/studio';
import { countOf as plural } from './labels';

/**
 * The header's sentence about what is left (the counts are the shared rule's,
 * src/shared/studio/translation-summary.ts, recomputed from the editor's transcript).
 */
export function describeSummary(summary: TranslationSummary): string {
  const { segmentsNeedingTranslation: sentences, wordsNeedingGloss: words } = summary;
  if (sentences === 0 && words === 0) return 'Every translation and gloss is approved';
  return `${plural(sentences, 'sentence', 'sentences')} and ${plural(words, 'word', 'words')} still need an approved translation or gloss`;
}
