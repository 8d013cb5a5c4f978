/** Where `word` stands in `sentence` as a whole word (case-insensitive), or -1. */
export function findWord(sentence: string, word: string): number {
  const lowerSentence = sentence.toLocaleLowerCase('es');
  const lowerWord = word.toLocaleLowerCase('es');
  const isLetter = (character: string | undefined) =>
    character !== undefined && /[\p{L}\p{N}]/u.test(character);
  for (
    let at = lowerSentence.indexOf(lowerWord);
    at >= 0;
    at = lowerSentence.indexOf(lowerWord, at + 1)
  ) {
    if (!isLetter(lowerSentence[at - 1]) && !isLetter(lowerSentence[at + lowerWord.length]))
      return at;
  }
  return -1;
}
