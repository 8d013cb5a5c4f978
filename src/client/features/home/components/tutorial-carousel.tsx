import { useId, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { SiteImageKey } from '#shared/contracts/site';
import { IMAGE_SIZES } from '#shared/discover/images';
import { SiteImage } from '#client/components/site/site-image';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { carouselKeyTarget, wrapIndex } from '../carousel-index';

interface TutorialStep {
  title: string;
  text: string;
  image: SiteImageKey;
}

export const tutorialSteps: readonly TutorialStep[] = [
  {
    title: 'Browse Story Library',
    text: 'Open the library and choose a story at your level. Search by title or topic, or filter by Beginner, Intermediate or Advanced.',
    image: 'tutorial_step_1',
  },
  {
    title: 'Start Listening',
    text: 'Press play on the first chapter. Slow the narration down or speed it up, from 0.5× to 2×, whenever you like.',
    image: 'tutorial_step_2',
  },
  {
    title: 'Follow Along',
    text: 'The transcript highlights each word as it is spoken, so your eyes and ears learn together. Click a line to hear it again.',
    image: 'tutorial_step_3',
  },
  {
    title: 'Interactive Translation',
    text: 'Click any word to see what it means, or translate a whole line. Your place is saved, so you can pick up where you left off.',
    image: 'tutorial_step_4',
  },
];

/**
 * The four-step tutorial: previous/next arrows and dots, wrapping around at both ends. Arrow
 * keys, Home and End move between steps while focus is inside; a polite live region announces
 * the step shown. It never moves by itself.
 */
export function TutorialCarousel() {
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const count = tutorialSteps.length;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = carouselKeyTarget(event.key, index, count);
    if (target === null) return;
    event.preventDefault();
    setIndex(target);
  };

  return (
    <section
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      onKeyDown={onKeyDown}
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6"
    >
      <h2 id={headingId} className="text-3xl font-semibold tracking-tight">
        How It Works
      </h2>
      <p className="mt-2 text-ink-muted">Four steps from your first story to understanding it.</p>

      <div className="mt-8 rounded-3xl border border-line bg-surface p-4 shadow-sm sm:p-6">
        <div aria-live="polite">
          {tutorialSteps.map((step, stepIndex) => (
            <div
              key={step.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${stepIndex + 1} of ${count}`}
              hidden={stepIndex !== index}
              className="grid items-center gap-6 md:grid-cols-2"
            >
              <SiteImage
                imageKey={step.image}
                width={IMAGE_SIZES.tutorialStep.w}
                height={IMAGE_SIZES.tutorialStep.h}
                className="rounded-2xl"
              />
              <div>
                <p className="text-sm font-semibold tracking-wide text-accent-ink uppercase">
                  Step {stepIndex + 1}
                </p>
                <h3 className="mt-2 text-2xl font-semibold">{step.title}</h3>
                <p className="mt-3 text-lg text-ink-muted">{step.text}</p>
              </div>
            </div>
          ))}
        </div>

        <div className="mt-6 flex items-center justify-center gap-4">
          <Button
            variant="secondary"
            size="icon"
            aria-label="Previous step"
            onClick={() => setIndex((current) => wrapIndex(current, -1, count))}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <ul className="flex items-center gap-1">
            {tutorialSteps.map((step, stepIndex) => (
              <li key={step.title}>
                <button
                  type="button"
                  aria-label={`Step ${stepIndex + 1}: ${step.title}`}
                  aria-current={stepIndex === index ? 'step' : undefined}
                  onClick={() => setIndex(stepIndex)}
                  className="flex size-11 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'block size-3 rounded-full transition-colors',
                      stepIndex === index ? 'bg-accent' : 'bg-line hover:bg-ink-muted',
                    )}
                  />
                </button>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Next step"
            onClick={() => setIndex((current) => wrapIndex(current, 1, count))}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
    </section>
  );
}
