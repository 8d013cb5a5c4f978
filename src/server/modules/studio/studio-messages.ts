import { messages } from '#shared/messages';
import { chapterTextMessages } from '#shared/studio/chapter-text';

/** What the studio's refusals and failures say, in words an administrator can act on. */
export const studioMessages = {
  chapterNotFound: messages.stories.chapterNotFound,
  jobNotFound: 'Job not found',
  versionNotFound: (version: number) => `This chapter has no version ${version} of its transcript`,
  staleBase: (current: number | null) =>
    current === null
      ? 'Someone changed this chapter’s transcript since you opened it'
      : `Someone saved this transcript since you opened it: version ${current} is now the newest`,
  staleBaseHint: 'Reload the studio to see their changes, then make yours again.',
  noAudio: 'This chapter has no recording yet: upload its audio first',
  noTextToAlign:
    'Paste the chapter’s text or choose a transcript: this chapter has no transcript to align again',
  noSpanishWords: chapterTextMessages.noWords,
  alreadyAligning:
    'This chapter is already being aligned: wait for that alignment to finish, or cancel it',
  chapterGone: 'The chapter was deleted before its alignment could run',
  audioReplaced:
    'The chapter’s recording was replaced while it waited to be aligned: start the alignment again',
  unreadablePayload:
    'This alignment was requested from another version of the server: start it again',
  segmentNotFound: (id: string) => `The transcript has no sentence with the id “${id}”`,
  segmentWithoutWords: 'This sentence has no words to align',
  invalidTranscript: 'The transcript is not valid',
  invalidAlignment: 'The aligner produced times the player would refuse',
} as const;
