import { lazy, useEffect } from 'react';
import { Spinner } from '#client/components/ui/spinner';
import { trackingCodeRanInThisDocument } from '#client/features/tracking/components/tracking-tags';

// The admin area is one lazy module (admin-routes.tsx) holding its own lazy pages; this file is
// in the main chunk, so a learner's browser never downloads them.
const AdminRoutes = lazy(() => import('./admin-routes'));

/** Loads the address the router just went to as a new document. */
function FullPageLoad() {
  useEffect(() => window.location.reload(), []);
  return <Spinner className="min-h-dvh py-24" label="Opening the admin area…" />;
}

/**
 * Tracking tags never run in a document that shows the admin area (decision 052): coming from a
 * page where tag code ran, the admin area is loaded as a new page (its policy admits no tag), and
 * nothing of it is rendered or even fetched in this one.
 */
export function AdminArea() {
  return trackingCodeRanInThisDocument() ? <FullPageLoad /> : <AdminRoutes />;
}
