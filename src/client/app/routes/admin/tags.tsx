import { PageHeading } from '#client/components/ui/page-heading';
import { TrackingTagsManager } from '#client/features/admin-tags/components/tracking-tags-manager';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminTagsPage() {
  useDocumentTitle('Tracking Tags');
  return (
    <div className="max-w-4xl">
      <PageHeading
        title="Tracking Tags"
        lead="Analytics and marketing tags added to the site's public pages."
      />
      <TrackingTagsManager />
    </div>
  );
}
