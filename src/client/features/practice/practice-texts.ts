import type { PracticeKind } from '#shared/practice/items';
import type { ShownVerdict } from './item-grading';

/** The practice screen's words (issue 25). */
export const practiceTexts = {
  documentTitle: (chapter: string) => `Practice — ${chapter}`,
  eyebrow: 'Practice',
  loading: 'Preparing your exercises...',
  daily: {
    lead: (count: number) =>
      `Your daily practice: ${count} short exercises from this chapter’s audio.`,
  },
  lead: 'Short exercises made from this chapter’s audio: type what you hear, fill in missing words and pick the word you heard. About three to five minutes.',
  count: (count: number) => `${count} ${count === 1 ? 'exercise' : 'exercises'}`,
  start: 'Start',
  nothingTitle: 'Nothing to practise yet',
  nothing:
    'This chapter needs its audio and a timed transcript before exercises can be made from it.',
  backToChapter: 'Back to the chapter',
  progress: (current: number, total: number) => `${current} of ${total}`,
  progressLabel: 'Exercise',
  headings: {
    dictation: 'Type what you hear',
    cloze: (blanks: number) =>
      blanks === 1 ? 'Fill in the missing word' : 'Fill in the missing words',
    'word-in-audio': 'Which word did you hear?',
  } satisfies Record<PracticeKind, string | ((blanks: number) => string)>,
  replay: 'Replay',
  slower: 'Slower',
  reveal: 'Reveal a word',
  nothingToReveal: 'Every word is shown',
  status: {
    playing: 'Playing...',
    playingSlower: 'Playing at 0.75×...',
    blocked: 'Press Replay to hear it.',
    error: 'The audio could not be played.',
    revealed: (word: string) => `Revealed: ${word}`,
  },
  dictationLabel: 'What you heard',
  dictationHint: 'Accents, capitals and punctuation are up to you.',
  dictationHintStrict: 'Accents count. Capitals and punctuation are up to you.',
  hiddenWord: 'hidden word',
  blankLabel: (index: number, total: number) =>
    total === 1 ? 'Missing word' : `Missing word ${index + 1} of ${total}`,
  optionsLabel: (index: number, total: number) =>
    total === 1 ? 'Choices' : `Choices for missing word ${index + 1}`,
  typeOnly: 'Type the word you hear.',
  check: 'Check',
  next: 'Next',
  finish: 'See your score',
  right: 'Right!',
  notQuite: 'Not quite',
  wordsRight: (right: number, total: number) => `${right} of ${total} words right`,
  yourAnswer: 'Your answer',
  youPicked: (word: string) => `you picked “${word}”`,
  wordSaid: 'the word said',
  theLine: 'The line',
  verdicts: {
    right: 'right',
    accent: 'other accents, counted right',
    joined: 'written apart, counted right',
    close: 'almost',
    wrong: 'wrong',
    missing: 'missing',
    extra: 'not in the line',
    revealed: 'revealed',
  } satisfies Record<ShownVerdict, string>,
  youWrote: (typed: string) => `you wrote “${typed}”`,
  strictAccents: 'Strict accents',
  strictAccentsHint: 'A word with other accents counts as wrong.',
  strictAccentsFailed: 'Strict accents could not be saved.',
  shortcutsHeading: 'Keyboard',
  shortcuts: [
    ['R', 'Replay'],
    ['S', 'Replay slower'],
    ['W', 'Reveal a word (dictation)'],
    ['1 – 4', 'Pick a choice'],
    ['Enter', 'Check, then go on'],
  ],
  shortcutsWhileTyping: 'While typing, hold Alt with R, S or W.',
  end: {
    heading: 'Practice complete',
    score: (right: number, total: number) => `You got ${right} of ${total} right.`,
    missedHeading: 'To practise again',
    noneMissed: 'Nothing missed. Well done!',
    addedToReview: 'Added to your review',
    addedWhenOnline: 'Added to your review when you are back online',
    signInTitle: 'Keep your mistakes for review',
    signIn:
      'Sign in, and what you miss comes back in your review, with the narrator’s audio, until you know it.',
    signInAction: 'Sign in',
    again: 'Practise again',
    toReview: 'Go to review',
    asked: {
      dictation: 'Dictation',
      cloze: 'Missing word',
      'word-in-audio': 'Word heard',
    } satisfies Record<PracticeKind, string>,
  },
  dailyCard: {
    heading: 'Daily practice',
    from: (chapter: string, story: string, finished: boolean) =>
      `${finished ? 'From the chapter you finished last' : 'From the chapter you are listening to'}: “${chapter}” of ${story}.`,
    lead: (count: number) => `${count} short exercises before your cards.`,
    start: 'Start daily practice',
  },
} as const;
