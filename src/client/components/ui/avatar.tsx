import { useState } from 'react';
import { cn } from '#client/lib/cn';

export interface AvatarProps {
  /** Image address; the initials show when it is missing or fails to load. */
  src: string | null | undefined;
  /** Used for the initials (the e-mail when there is no name). */
  name: string;
  className?: string;
}

export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.slice(0, 2)];
  return letters.join('').toUpperCase() || '?';
}

/** Decorative: the surrounding control or text names the person. */
export function Avatar({ src, name, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft font-semibold text-accent-soft-ink select-none',
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
