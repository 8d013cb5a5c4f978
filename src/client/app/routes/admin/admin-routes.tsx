import { lazy } from 'react';
import { Route, Routes } from 'react-router';

// The whole admin area sits behind one lazy import in app/routes.tsx, so the first load of every
// page carries a single admin entry instead of the preload list of each admin page; these pages
// are split again here, one chunk each.
const AdminLayout = lazy(() => import('./layout'));
const AdminDashboardPage = lazy(() => import('./dashboard'));
const AdminUsersPage = lazy(() => import('./users'));
const AdminContentPage = lazy(() => import('./content'));
const AdminSupportersPage = lazy(() => import('./supporters'));
const AdminTagsPage = lazy(() => import('./tags'));
const AdminSettingsPage = lazy(() => import('./settings'));
const AdminMigrationsPage = lazy(() => import('./migrations'));
const AdminStudioPage = lazy(() => import('./studio'));
const AdminInboxPage = lazy(() => import('./inbox'));
const AdminInboxMessagePage = lazy(() => import('./inbox-message'));
const AdminAuditPage = lazy(() => import('./audit'));
const NotFoundPage = lazy(() => import('../not-found'));

/** Routes under /admin (paths relative to it). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<AdminDashboardPage />} />
        <Route path="users" element={<AdminUsersPage />} />
        <Route path="content" element={<AdminContentPage />} />
        <Route path="supporters" element={<AdminSupportersPage />} />
        <Route path="tags" element={<AdminTagsPage />} />
        <Route path="settings" element={<AdminSettingsPage />} />
        <Route path="migrations" element={<AdminMigrationsPage />} />
        <Route path="chapters/:id/studio" element={<AdminStudioPage />} />
        <Route path="inbox" element={<AdminInboxPage />} />
        <Route path="inbox/:id" element={<AdminInboxMessagePage />} />
        <Route path="audit" element={<AdminAuditPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
