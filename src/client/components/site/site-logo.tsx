import { useState } from 'react';
import { LogoMark } from '#client/components/logo';
import { useSiteSettings } from '#client/lib/api/site/get-site-settings';

/**
 * The header logo: the administrator's active logo (settings, cached 5 minutes), or the mark
 * shipped with the app when none is set or it fails to load. While the settings load, an empty
 * box of the mark's size holds the place, so neither logo flashes in for the other.
 */
export function SiteLogo() {
  const { data, isPending } = useSiteSettings();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const logo = data?.logo ?? null;
  if (isPending) return <span aria-hidden="true" className="block size-8" />;
  if (logo && logo.url !== '' && logo.url !== failedUrl) {
    return (
      <img
        src={logo.url}
        alt={logo.altText}
        width={32}
        height={32}
        decoding="async"
        onError={() => setFailedUrl(logo.url)}
        className="h-8 w-auto max-w-32 object-contain"
      />
    );
  }
  return <LogoMark />;
}
