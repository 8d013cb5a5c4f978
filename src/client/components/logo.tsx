import { cn } from '#client/lib/cn';

/** The Relatos mark: an open book with a sound wave. Decorative; pair it with visible text. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8', className)}
    >
      <rect width="64" height="64" rx="14" className="fill-accent" />
      <path d="M14 18c6-2 12-2 18 2v28c-6-4-12-4-18-2z" className="fill-canvas" />
      <path d="M50 18c-6-2-12-2-18 2v28c6-4 12-4 18-2z" className="fill-accent-soft" />
      <path
        d="M39 27c2 1.6 2 5.4 0 7M43 24c3.6 3 3.6 10 0 13"
        className="stroke-accent"
        strokeWidth="2.4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
