import type { ReactNode } from 'react';

export interface FaqEntry {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * The 14 questions (admin spec topics), answered as this product really works, naming the
 * platform as its administrator calls it.
 */
export const faqEntries = (name: string): readonly FaqEntry[] => [
  {
    id: 'what',
    question: `What is ${name}?`,
    answer: `${name} helps English speakers learn Spanish by listening to stories. Every story is built from the 2,000 most common Spanish words and is told in short chapters, each with its audio and a transcript that follows the narration word by word.`,
  },
  {
    id: 'sync',
    question: 'Does my progress sync across my devices?',
    answer:
      'Yes. While you listen, your position is saved to your account every 10 seconds and whenever you pause, seek or leave. If the same chapter is open on another device, that device offers to jump to your newer position.',
  },
  {
    id: 'account',
    question: 'Do I need an account?',
    answer:
      'No account is needed to browse the library, read the story pages or listen to the featured story that is open to everyone. A free account unlocks every story, saves your progress, and keeps your bookmarks, preferences, vocabulary statistics and achievements.',
  },
  {
    id: 'levels',
    question: 'Which levels are available?',
    answer:
      'Stories are marked Beginner, Intermediate or Advanced. Filter the library by level to find stories that suit you; each story page shows its level and how many new words it introduces.',
  },
  {
    id: 'progress',
    question: 'How is my progress tracked?',
    answer:
      'Each chapter remembers where you stopped and counts as completed when you reach its end. The library shows every story as Not Started, In Progress or Complete, and your vocabulary card counts the common words you have heard in completed chapters. Your profile adds listening statistics and achievements.',
  },
  {
    id: 'translation',
    question: 'How do translations work?',
    answer:
      'Click a word in the transcript to see its meaning, or use the translate button of a line. Translations come first from the story itself (the English written for each line and word), then from our built-in dictionary of common Spanish words, and, where it is set up, from a machine translation service, which is labelled as such.',
  },
  {
    id: 'bookmarks',
    question: 'Can I bookmark a passage?',
    answer:
      'Yes. In the player, add a bookmark at the current moment of the audio and write a note with it if you like. Your bookmarks are saved to your account, and a click on one takes you back to that moment.',
  },
  {
    id: 'free',
    question: `Is ${name} free? How do donations work?`,
    answer: `${name} is free to use. If you would like to support new stories, you can donate once from the home page, choosing a suggested amount or any amount from $1. You need an account first, and every donation gives that account lifetime supporter status. Card details are handled by the payment provider and never stored by us.`,
  },
  {
    id: 'speed',
    question: 'Can I change the playback speed?',
    answer:
      'Yes, from 0.5× to 2× in steps of 0.25, right in the player. You can also set your usual speed in your profile preferences.',
  },
  {
    id: 'mobile',
    question: 'Does it work on my phone?',
    answer: `Yes. ${name} works in the web browser of your phone or tablet, with larger touch controls in the player. There is nothing to install.`,
  },
  {
    id: 'offline',
    question: `Can I use ${name} offline?`,
    answer:
      'Partly. If your connection drops while you listen, the progress you make is kept on your device and sent as soon as you are back online, so nothing is lost. The audio itself streams from our server, so playing a chapter needs a connection.',
  },
  {
    id: 'new-content',
    question: 'How often are new stories added?',
    answer:
      'We publish new stories as they are written and recorded, without a fixed schedule. They appear in the library as soon as they are published.',
  },
  {
    id: 'problems',
    question: 'Something is not working. What should I do?',
    answer:
      'Reload the page and check your connection first; the player also offers Try Again when a chapter fails to load. If the problem stays, send us a message with the category Technical Issue, saying which page and browser you used.',
  },
  {
    id: 'suggestions',
    question: 'How can I suggest a story or a feature?',
    answer:
      'We would love to hear it. Use the contact form with the category Feature Request or Content Feedback.',
  },
];
