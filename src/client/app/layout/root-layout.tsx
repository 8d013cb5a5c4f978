import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineIndicator } from '#client/components/site/offline-indicator';
import { Spinner } from '#client/components/ui/spinner';
import { TrackingTags } from '#client/features/tracking/components/tracking-tags';
import { SiteIdentityProvider } from '#client/lib/site-identity-provider';
import { RouteErrorBoundary } from './route-error-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** New page, new scroll position (in-page anchors excepted). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash === '') window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * Marks <html data-app-ready="true"> once the first page is live (rendered, or hydrated from the
 * server's HTML): a signal for browser tests and tooling that the page now responds to input.
 */
function AppReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

export function RouteFallback() {
  // As tall as the viewport: the footer must not jump when the page's code arrives (no layout shift).
  return <Spinner className="min-h-dvh py-24" />;
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <SiteIdentityProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-accent px-4 py-2 font-medium text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <ScrollToTop />
        <TrackingTags />
        <SiteHeader />
        <OfflineIndicator />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {/* Keyed by path so an error on one page clears when the visitor navigates away. */}
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
              <AppReadyMarker />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <SiteFooter />
      </div>
    </SiteIdentityProvider>
  );
}
