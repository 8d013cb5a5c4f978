import { useState } from 'react';
import type { SiteImageKey } from '#shared/contracts/site';
import { imageSrcSet, imageUrl } from '#shared/discover/images';
import { useSiteSettings } from '#client/lib/api/site/get-site-settings';
import { cn } from '#client/lib/cn';
import { siteImageCandidates } from './site-images';

export interface SiteImageProps {
  imageKey: SiteImageKey;
  /** Intrinsic size at 1x; the box keeps this aspect ratio, so nothing shifts when it loads. */
  width: number;
  height: number;
  /** Empty for a decorative image (the usual case: a heading names what it shows). */
  alt?: string;
  /** Tried after the administrator's image and before the shipped default (a story cover). */
  fallbackUrl?: string | null;
  /** Above the fold: load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/**
 * A site image from the settings (cached 5 minutes), falling back to the next candidate when one
 * fails to load. While the settings load, an empty box of the same size holds the place.
 */
export function SiteImage({
  imageKey,
  width,
  height,
  alt = '',
  fallbackUrl,
  priority = false,
  className,
}: SiteImageProps) {
  const { data, isPending } = useSiteSettings();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const candidates = siteImageCandidates(imageKey, data?.images, fallbackUrl);
  const url = candidates.find((candidate) => !failed.has(candidate));
  const box = cn('aspect-[4/3] overflow-hidden bg-surface-muted', className);
  if (isPending || url === undefined) return <div aria-hidden="true" className={box} />;
  const size = { w: width, h: height };
  return (
    <div className={box}>
      <img
        key={url}
        src={imageUrl(url, size)}
        srcSet={imageSrcSet(url, size)}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onError={() => setFailed((previous) => new Set(previous).add(url))}
        className="size-full object-cover"
      />
    </div>
  );
}
