import { downloadTexts } from '#client/lib/offline/download-texts';

/**
 * The player's error pages, chosen by keywords in the error's message (spec, section 8), except
 * `not-downloaded`, which the player chooses itself: offline, a chapter not on this device.
 */
export type PlayerErrorKind =
  'not-found' | 'network' | 'not-downloaded' | 'audio' | 'transcript' | 'unknown';

export interface PlayerErrorContent {
  kind: PlayerErrorKind;
  title: string;
  description: string;
  suggestions: readonly string[];
}

const contents: Record<PlayerErrorKind, Omit<PlayerErrorContent, 'kind'>> = {
  'not-found': {
    title: 'Story Not Found',
    description:
      'The story or chapter you are looking for does not exist or is no longer available.',
    suggestions: [
      'Check that the link is complete and correct.',
      'Go back to the library and choose the chapter again.',
      'The story may have been removed or renamed.',
    ],
  },
  network: {
    title: 'Connection Problem',
    description: 'We could not reach the server to load this chapter.',
    suggestions: [
      'Check your internet connection.',
      'Turn off a VPN or proxy that may block the site, then try again.',
      'Wait a moment and press Try Again.',
    ],
  },
  'not-downloaded': {
    title: 'Chapter Not Downloaded',
    description: "You're offline, and this chapter is not downloaded on this device.",
    suggestions: [
      'Open Downloads to listen to the chapters you have downloaded.',
      "When you're back online, press Try Again to open this chapter.",
      `To listen offline next time, use “${downloadTexts.download}” on the chapter or its story while online.`,
    ],
  },
  audio: {
    title: 'Audio Loading Failed',
    description: 'The audio of this chapter could not be loaded.',
    suggestions: [
      'Check your internet connection and press Try Again.',
      'Make sure your browser can play audio (try another browser if it keeps failing).',
      'Choose another chapter from the library.',
    ],
  },
  transcript: {
    title: 'Transcript Unavailable',
    description: 'The transcript of this chapter could not be loaded.',
    suggestions: [
      'Press Try Again to reload the chapter.',
      'You can still listen to other chapters from the library.',
    ],
  },
  unknown: {
    title: 'Something Went Wrong',
    description: 'An unexpected error stopped this chapter from loading.',
    suggestions: [
      'Press Try Again to reload the page.',
      'Go back to the library and choose the chapter again.',
      'If it keeps happening, contact us through the Help page.',
    ],
  },
};

const rules: ReadonlyArray<[PlayerErrorKind, RegExp]> = [
  ['not-found', /not[\s_-]?found|\b404\b|does not exist|no longer available/i],
  ['network', /network|connection|fetch|offline|timed? ?out|could not reach/i],
  ['audio', /audio|media|playback/i],
  ['transcript', /transcript/i],
];

export function playerErrorKind(message: string): PlayerErrorKind {
  for (const [kind, pattern] of rules) if (pattern.test(message)) return kind;
  return 'unknown';
}

/** The page for `message`, or the page of `kind` when the player knows it. */
export function playerErrorContent(
  message: string,
  kind = playerErrorKind(message),
): PlayerErrorContent {
  return { kind, ...contents[kind] };
}
