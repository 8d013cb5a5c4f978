import { PageHeading } from '#client/components/ui/page-heading';
import { DashboardCounts } from '#client/features/admin/components/dashboard-counts';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="max-w-4xl">
      <PageHeading title="Admin Dashboard" lead="The library and its community at a glance." />
      <DashboardCounts />
    </div>
  );
}
