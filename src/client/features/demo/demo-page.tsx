import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Lightbulb } from 'lucide-react';
import { transcriptSchema } from '#shared/transcript';
import { useRewindAtChapterEnd } from '#client/components/audio/chapter-end';
import { useAudioSource } from '#client/components/audio/use-audio-source';
import { useMediaSession } from '#client/components/audio/use-media-session';
import { ListeningLayout } from '#client/components/listening/listening-layout';
import { buildTranscriptIndex } from '#client/components/transcript/transcript-index';
import type { LineActionsConfig } from '#client/components/transcript/transcript-view';
import { buttonClassName } from '#client/components/ui/button';
import type { TranslationSettings } from '#client/lib/api/translate';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';
import sample from './sample-transcript.json';

/** Shipped with the app (public/demo): the demo needs no server row and no sign-in. */
export const DEMO_AUDIO_URL = '/demo/sample.m4a';
export const DEMO_STORY_TITLE = 'La panadería de la calle Luna';
export const DEMO_CHAPTER_TITLE = 'Una ciudad nueva';

const demoTranscript = transcriptSchema.parse(sample);
const lineActions: LineActionsConfig = { translate: true, bookmark: false };
// The demo's translations are the glosses and line translations written into its transcript.
const translation: TranslationSettings = { mode: 'local', targetLanguage: 'en' };

const tips = [
  {
    title: 'Listen first',
    text: 'Open Listening assist (or press H) to hide the text: each line stays blurred until you click it. Press P to pause after every line, R to repeat one, L to hear it slowly.',
  },
  {
    title: 'Follow the highlight',
    text: 'The word being spoken is highlighted and underlined; the current line has a bar at its left.',
  },
  {
    title: 'Click any word',
    text: 'The audio jumps to it and its meaning appears below. Press Escape or click elsewhere to close it.',
  },
  {
    title: 'Translate a line',
    text: 'Use the translate button at the end of a line, or select a few words with the mouse.',
  },
  {
    title: 'Slow down',
    text: 'Choose 0.75× or press [ to slow down, ] to speed up; ← and → jump 10 seconds.',
  },
  {
    title: 'Make it comfortable',
    text: 'Change the text size, switch to sepia or night mode: the player remembers your choice.',
  },
];

function ReadingTips() {
  return (
    <section
      aria-labelledby="reading-tips"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <h2 id="reading-tips" className="flex items-center gap-2 text-lg font-semibold">
        <Lightbulb aria-hidden="true" className="size-5 text-accent-ink" />
        Reading tips
      </h2>
      <ol className="mt-3 space-y-3 text-sm">
        {tips.map((tip) => (
          <li key={tip.title}>
            <p className="font-semibold text-ink">{tip.title}</p>
            <p className="text-ink-muted">{tip.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /demo: the player with a built-in sample chapter, working signed out and without a server row. */
export function DemoPage() {
  useDocumentTitle('Demo Story');
  const { user } = useAuth();
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  useAudioSource(audio, DEMO_AUDIO_URL, { logContext: { demo: true } });
  useMediaSession(audio, { title: DEMO_CHAPTER_TITLE, storyTitle: DEMO_STORY_TITLE });
  const index = useMemo(() => buildTranscriptIndex(demoTranscript), []);

  useRewindAtChapterEnd(audio);

  const sidebar = useCallback(() => <ReadingTips />, []);

  return (
    <>
      <audio ref={setAudio} preload="metadata" aria-label={`Audio: ${DEMO_CHAPTER_TITLE}`} />
      <ListeningLayout
        audio={audio}
        title="Demo Story"
        storyTitle={`${DEMO_STORY_TITLE} · ${DEMO_CHAPTER_TITLE}`}
        intro={
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface-muted px-4 py-3">
            <p className="text-ink">
              A sample chapter to try the player: press play and follow the words.
            </p>
            {user ? (
              <Link to="/library" className={buttonClassName({ size: 'sm' })}>
                Browse the Library
              </Link>
            ) : (
              <Link to="/onboarding" className={buttonClassName({ size: 'sm' })}>
                Sign up to save your progress
              </Link>
            )}
          </div>
        }
        sidebar={sidebar}
        sidebarTitle="Reading tips"
        sidebarIcon={Lightbulb}
        index={index}
        translation={translation}
        defaultShowTranslations={false}
        lineActions={lineActions}
      />
    </>
  );
}
