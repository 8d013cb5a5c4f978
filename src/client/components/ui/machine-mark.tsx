import { messages } from '#shared/messages';
import { cn } from '#client/lib/cn';

const MACHINE_TRANSLATION = messages.translation.machine;

const markClassName =
  'ml-1.5 inline-block rounded-full border border-line px-1.5 align-[0.1em] font-sans text-[0.7rem] leading-4 font-medium whitespace-nowrap text-ink-muted not-italic';

/**
 * The mark after machine-made text: small and quiet, but visible, and read by screen readers as
 * "(Machine translation)" right after the text it qualifies.
 */
export function MachineMark({ className }: { className?: string }) {
  return (
    <span lang="en" className={cn(markClassName, className)} data-machine-mark="">
      <span className="sr-only">(</span>
      {MACHINE_TRANSLATION}
      <span className="sr-only">)</span>
    </span>
  );
}

/** The same mark as HTML, for the transcript, which is written as one string (transcript-view). */
export const machineMarkHtml = `<span lang="en" class="${markClassName}" data-machine-mark=""><span class="sr-only">(</span>${MACHINE_TRANSLATION}<span class="sr-only">)</span></span>`;
