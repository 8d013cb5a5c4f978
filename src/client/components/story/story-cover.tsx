import { useState } from 'react';
import { BookOpen, Lock } from 'lucide-react';
import { imageSrcSet, imageUrl } from '#shared/discover/images';
import { cn } from '#client/lib/cn';

export interface StoryCoverProps {
  imageUrl: string | null;
  /** Size of the rendered cover at 1x (4:3); a 2x variant is offered too. */
  width?: number;
  height?: number;
  className?: string;
  /** The page's largest image: load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  /** Shows the 'Login Required' overlay (a story that needs an account, seen by a visitor). */
  locked?: boolean;
}

/**
 * A story's cover at 4:3, resized by the server, or a drawn placeholder when there is none or it
 * fails to load. Decorative (empty alt): the story title always sits next to it.
 */
export function StoryCover({
  imageUrl: url,
  width = 400,
  height = 300,
  className,
  priority = false,
  locked = false,
}: StoryCoverProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== '' && failedUrl !== url;
  const size = { w: width, h: height };
  return (
    <div className={cn('relative aspect-[4/3] overflow-hidden bg-surface-muted', className)}>
      {showImage ? (
        <img
          src={imageUrl(url, size)}
          srcSet={imageSrcSet(url, size)}
          alt=""
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
          onError={() => setFailedUrl(url)}
          className="size-full object-cover"
        />
      ) : (
        <div
          data-testid="cover-placeholder"
          className="flex size-full items-center justify-center bg-gradient-to-br from-accent-soft to-surface-muted"
        >
          <BookOpen aria-hidden="true" className="size-12 text-accent-ink opacity-70" />
        </div>
      )}
      {locked ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/65 text-center text-white">
          <Lock aria-hidden="true" className="size-8" />
          <span className="font-semibold">Login Required</span>
        </div>
      ) : null}
    </div>
  );
}
