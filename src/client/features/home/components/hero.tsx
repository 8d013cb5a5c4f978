import { Link } from 'react-router';
import { BookOpenText, Headphones } from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';

/** The opening of the home page: what Relatos is, and the two ways in. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-accent-soft),transparent_60%)]"
      />
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
        </div>
        <SampleLine />
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

/** An illustration of what listening looks like: one line of a story with its translation. */
function SampleLine() {
  return (
    <figure className="hidden rounded-3xl border border-line bg-surface p-6 shadow-lg shadow-ink/5 sm:block lg:rotate-1">
      <div className="flex items-center gap-3 text-sm text-ink-muted">
        <BookOpenText aria-hidden="true" className="size-5 text-accent-ink" />
        <span>Chapter 1</span>
        <span aria-hidden="true">·</span>
        <span>0:12</span>
      </div>
      <blockquote lang="es" className="mt-4 font-serif text-2xl leading-snug text-ink">
        «Cada mañana, Lucía compra pan en la pequeña panadería de la plaza.»
      </blockquote>
      <figcaption className="mt-4 border-t border-line pt-4 text-ink-muted">
        Every morning, Lucía buys bread at the little bakery in the square.
      </figcaption>
      <div aria-hidden="true" className="mt-6 flex h-10 items-end gap-1">
        {waveform.map((heightClass, index) => (
          <span
            key={index}
            className={`w-full rounded-full ${heightClass} ${index < 8 ? 'bg-accent' : 'bg-line'}`}
          />
        ))}
      </div>
    </figure>
  );
}
