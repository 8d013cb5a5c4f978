import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BookOpenText, Headphones, Pause, Play } from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';

/**
 * The opening of the home page: what Relatos is, and the two ways in. `lead` (a returning
 * learner's Continue section) opens it on the same background, so no flat band cuts across it.
 */
export function Hero({ lead }: { lead?: ReactNode }) {
  const sample = useSample();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-accent-soft),transparent_60%)]"
      />
      {lead ? <div className="relative">{lead}</div> : null}
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-surface px-3 py-1 text-sm font-medium text-accent-ink shadow-sm ring-1 ring-line">
            <Headphones aria-hidden="true" className="size-4" />
            Spanish for English speakers
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl lg:text-6xl"
          >
            Master Spanish with stories you can listen to
          </h1>
          <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">
            Short audio stories built from the 2,000 most common Spanish words. Press play, read
            along with the transcript, and let everyday Spanish become familiar.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to="/library" className={buttonClassName({ size: 'lg', wrap: true })}>
              Start Your Spanish Story Journey Now!
            </Link>
            <Link to="/help" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Learn More
            </Link>
          </div>
          <PhoneSample sample={sample} />
        </div>
        <SampleLine sample={sample} />
      </div>
    </section>
  );
}

// Static class names (not inline styles) so Tailwind sees them and no style attribute is needed.
const waveform = [
  'h-[40%]',
  'h-[70%]',
  'h-[55%]',
  'h-[90%]',
  'h-[65%]',
  'h-[80%]',
  'h-[45%]',
  'h-[60%]',
  'h-[85%]',
  'h-[50%]',
  'h-[70%]',
  'h-[35%]',
  'h-[60%]',
  'h-[75%]',
  'h-[45%]',
  'h-[65%]',
  'h-[55%]',
  'h-[80%]',
  'h-[40%]',
  'h-[60%]',
];

/**
 * The demo's opening lines (public/demo, the demo page's sample): what the card shows is what it
 * plays. Times are those of the sample's transcript (lines s1 and s2).
 */
const SAMPLE = {
  src: '/demo/sample.m4a',
  start: 0.3,
  end: 7.614,
  spanish: 'Lucía tiene veinticinco años. Vive en un pueblo pequeño, cerca de las montañas.',
  english: 'Lucía is twenty-five years old. She lives in a small village, near the mountains.',
} as const;

/** Share of the sample line played at `time`, 0 to 1. */
export const sampleProgress = (time: number) =>
  Math.min(1, Math.max(0, (time - SAMPLE.start) / (SAMPLE.end - SAMPLE.start)));

/** The sample's playback, shared by the card and the phone's button. */
function useSample() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);

  function toggle() {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    if (audio.currentTime < SAMPLE.start || audio.currentTime >= SAMPLE.end) {
      audio.currentTime = SAMPLE.start;
    }
    audio.play().catch(() => setPlaying(false));
  }

  function onTimeUpdate() {
    const audio = audioRef.current;
    if (!audio) return;
    setProgress(sampleProgress(audio.currentTime));
    if (audio.currentTime >= SAMPLE.end) {
      audio.pause();
      audio.currentTime = SAMPLE.start;
    }
  }

  return { audioRef, playing, setPlaying, progress, toggle, onTimeUpdate };
}

type Sample = ReturnType<typeof useSample>;

/**
 * On a phone, where the card does not fit (issue 14): a compact button under the two calls to
 * action plays the same line, and shows it once heard.
 */
function PhoneSample({ sample }: { sample: Sample }) {
  const { playing, progress, toggle } = sample;
  const Icon = playing ? Pause : Play;
  return (
    <div className="mt-4 sm:hidden">
      <button
        type="button"
        onClick={toggle}
        className={buttonClassName({ variant: 'ghost', className: 'px-3' })}
      >
        <Icon aria-hidden="true" className="size-5 text-accent-ink" />
        {playing ? 'Pause sample' : 'Hear a sample'}
        <span className="text-sm text-ink-muted">0:07</span>
      </button>
      {playing || progress > 0 ? (
        <p lang="es" className="mt-2 px-3 font-serif text-lg leading-snug text-ink">
          «{SAMPLE.spanish}»
        </p>
      ) : null}
    </div>
  );
}

/**
 * What listening looks like, for real (issue 14): the card that looks like a player plays the
 * demo's opening lines (the audio is fetched only when asked for) and leads to the whole demo.
 */
function SampleLine({ sample }: { sample: Sample }) {
  const { playing, progress, toggle } = sample;
  const litBars = playing || progress > 0 ? Math.round(progress * waveform.length) : 8;
  const Icon = playing ? Pause : Play;
  return (
    <figure className="hidden rounded-3xl border border-line bg-surface p-6 shadow-lg shadow-ink/5 sm:block lg:rotate-1">
      {/* The one audio element for both ways of hearing the sample: a media element plays
          whether or not the card is displayed, so the phone's button uses it too. */}
      <audio
        ref={sample.audioRef}
        src={SAMPLE.src}
        preload="none"
        onPlay={() => sample.setPlaying(true)}
        onPause={() => sample.setPlaying(false)}
        onEnded={() => sample.setPlaying(false)}
        onTimeUpdate={sample.onTimeUpdate}
      />
      <div className="flex items-center gap-3 text-sm text-ink-muted">
        <BookOpenText aria-hidden="true" className="size-5 text-accent-ink" />
        <span>Chapter 1</span>
        <span aria-hidden="true">·</span>
        <span>0:07</span>
        <Link
          to="/demo"
          className="ml-auto font-medium text-accent-ink underline-offset-4 hover:underline"
        >
          Open the demo
        </Link>
      </div>
      <blockquote lang="es" className="mt-4 font-serif text-2xl leading-snug text-ink">
        «{SAMPLE.spanish}»
      </blockquote>
      <figcaption className="mt-4 border-t border-line pt-4 text-ink-muted">
        {SAMPLE.english}
      </figcaption>
      <div className="mt-6 flex items-center gap-4">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause the sample' : 'Play the sample'}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
        <div aria-hidden="true" className="flex h-10 flex-1 items-end gap-1">
          {waveform.map((heightClass, index) => (
            <span
              key={index}
              className={`w-full rounded-full ${heightClass} ${index < litBars ? 'bg-accent' : 'bg-line'}`}
            />
          ))}
        </div>
      </div>
    </figure>
  );
}
