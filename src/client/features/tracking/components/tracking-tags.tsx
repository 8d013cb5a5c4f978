import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { PublicTrackingTag } from '#shared/contracts/site';
import {
  isAdminPath,
  isTrackingDisabledHost,
  TRACKING_DISABLED_MESSAGE,
} from '#shared/discover/tracking-scope';
import { getTrackingTags } from '../api/get-tracking-tags';

let tagsOnce: Promise<PublicTrackingTag[]> | null = null;

/** Waits for the page's own load, so tags never compete with the first render for the network. */
const afterPageLoad = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** Loaded once per page load (spec), after the page itself. */
export function loadTrackingTagsOnce(): Promise<PublicTrackingTag[]> {
  tagsOnce ??= afterPageLoad().then(getTrackingTags);
  return tagsOnce;
}

let disabledNoticeShown = false;
let trackingCodeRan = false;

/**
 * Whether tag code was put into this document. Such a document never shows the admin area
 * (decision 052): the tags' code would run there with the administrator's session, and nothing
 * takes a script out of a page once it ran, so entering the admin area loads the page afresh.
 */
export const trackingCodeRanInThisDocument = (): boolean => trackingCodeRan;

/** Tests only. */
export function resetTrackingTagsForTests(): void {
  tagsOnce = null;
  disabledNoticeShown = false;
  trackingCodeRan = false;
}

/**
 * Injects the active tracking tags into the page, except on the administrator's pages (an
 * administrator who lands on /admin first gets them on the first public page instead) and on
 * localhost, where nothing is even requested. Renders nothing.
 */
export function TrackingTags() {
  const { pathname } = useLocation();
  const onAdminPage = isAdminPath(pathname);
  useEffect(() => {
    if (onAdminPage) return;
    if (isTrackingDisabledHost(window.location.hostname)) {
      if (!disabledNoticeShown) console.info(TRACKING_DISABLED_MESSAGE);
      disabledNoticeShown = true;
      return;
    }
    let active = true;
    void loadTrackingTagsOnce().then(async (tags) => {
      // The injection code is fetched only when there is something to inject.
      if (tags.length === 0) return;
      const { injectTrackingTags } = await import('../inject-tracking');
      // Navigated to an admin page meanwhile: the next public page injects them. The address is
      // read again because React may run this before the effect's cleanup of that navigation.
      if (!active || isAdminPath(window.location.pathname)) return;
      trackingCodeRan = true;
      injectTrackingTags(tags);
    });
    return () => {
      active = false;
    };
  }, [onAdminPage]);
  return null;
}
