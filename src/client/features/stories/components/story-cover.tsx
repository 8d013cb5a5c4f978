import { useState } from 'react';
import { BookOpen } from 'lucide-react';
import { cn } from '#client/lib/cn';

export interface StoryCoverProps {
  imageUrl: string | null;
  className?: string;
  /** Above-the-fold covers load eagerly; the rest wait until they scroll into view. */
  eager?: boolean;
}

/**
 * A story's cover at 4:3, or a drawn placeholder when there is none or it fails to load.
 * Decorative (empty alt): the story title always sits next to it.
 */
export function StoryCover({ imageUrl, className, eager = false }: StoryCoverProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = imageUrl !== null && imageUrl !== '' && failedUrl !== imageUrl;
  return (
    <div className={cn('relative aspect-[4/3] overflow-hidden bg-surface-muted', className)}>
      {showImage ? (
        <img
          src={imageUrl}
          alt=""
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedUrl(imageUrl)}
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
    </div>
  );
}
