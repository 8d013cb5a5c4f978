import { PageHeading } from '#client/components/ui/page-heading';
import { SupportersOverview } from '#client/features/admin-supporters/components/supporters-overview';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminSupportersPage() {
  useDocumentTitle('Supporters');
  return (
    <div className="max-w-5xl">
      <PageHeading title="Supporters" lead="Supporters, revenue and payment history." />
      <SupportersOverview />
    </div>
  );
}
