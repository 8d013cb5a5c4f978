// Offline Spanish → English lexicon and lemmatiser (translation layer 2, source `dictionary`).
// Importable from client and server alike; it imports nothing outside this folder.

export { getLexicon, type LexiconEntry, type PartOfSpeech } from './entries.ts';
export { analyzeWord, lemmaCandidates, normalizeWord, type Analysis } from './lemmatize.ts';
export {
  allReadings,
  englishOfWord,
  glossText,
  isTopWord,
  lookupWord,
  splitSenses,
  type GlossedText,
  type GlossToken,
  type LookupOptions,
  type WordGloss,
} from './gloss.ts';
export { numberGloss } from './numbers.ts';
