import { PageHeading } from '#client/components/ui/page-heading';
import { SystemSettings } from '#client/features/admin-settings/components/system-settings';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminSettingsPage() {
  useDocumentTitle('System Settings');
  return (
    <div className="max-w-4xl">
      <PageHeading
        title="System Settings"
        lead="Branding, platform, support and payment settings, and system actions."
      />
      <SystemSettings />
    </div>
  );
}
