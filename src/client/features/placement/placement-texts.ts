import type { Placement } from '#shared/contracts/placement';

/** Every text the placement screens show (decision 071). */
export const placementTexts = {
  title: 'Find Your Level',
  lead: 'About 3–5 minutes: listen to a few sentences and choose the missing words, then tell us which words you know. We use it to suggest stories you can follow.',
  skipNote: 'You can skip it and take it later from your profile.',
  retakeNote: (placement: Placement, date: string) =>
    `Your last placement (${date}) started you at ${placement.level}. Taking it again replaces it.`,
  start: 'Start',
  skip: 'Skip for Now',
  preparing: 'Preparing your sentences...',
  loadFailed: 'Could not prepare the placement. Check your connection and try again.',
  tryAgain: 'Try Again',
  nothingToAsk:
    'There are no published stories to place you with yet. Skip for now and try again later from your profile.',

  listeningTitle: 'Listen and Choose the Missing Word',
  listeningHint:
    'Each sentence plays from one of our stories. Choose the word you hear in each gap, or "I don\'t know".',
  progress: (index: number, total: number) => `Sentence ${index + 1} of ${total}`,
  play: 'Play the Sentence',
  playing: 'Playing...',
  blocked: 'Press Play the Sentence to hear it.',
  audioError: 'The sentence could not be played. Choose "I don\'t know" or try again.',
  gap: (index: number, total: number) =>
    total === 1 ? 'Missing word' : `Missing word ${index + 1}`,
  dontKnow: "I don't know",
  next: 'Next',
  toWords: 'On to the Words',

  wordsTitle: 'Which of These Words Do You Know?',
  wordsHint:
    'Tick each word you know the meaning of. A few are not real Spanish words, so tick only the ones you are sure of.',
  wordsLegend: 'Words you know',
  seeResults: 'See My Results',
  scoring: 'Scoring...',
  submitFailed: 'Could not save your placement. Check your connection and try again.',

  resultTitle: (placement: Placement) => `Your Level: ${placement.level}`,
  resultLead: (placement: Placement) => `Start with ${placement.level} stories.`,
  resultWords: ({ knownWordsEstimate, siteWords }: Placement) =>
    `We now count ${knownWordsEstimate} of the ${siteWords} common words our stories use as known to you. Every chapter you complete and every word you recall in review adds to them.`,
  levelScore: (level: string, right: number, asked: number) =>
    `${level} sentences: ${right} of ${asked} missing words right`,
  noneFits:
    'No story is one where you know 90–98% of what you will hear yet: the library sorts them by how well they fit you.',
  toLibrary: 'Go to the Library',
  continue: 'Continue',
  signInTitle: 'Sign In to Find Your Level',
} as const;
