import { PageHeading } from '#client/components/ui/page-heading';
import { MigrationTracker } from '#client/features/admin-migrations/components/migration-tracker';
import { SafetyChecksPanel } from '#client/features/admin-migrations/components/safety-checks-panel';
import { SafetyGuide } from '#client/features/admin-migrations/components/safety-guide';
import { TestModePanel } from '#client/features/admin-migrations/components/test-mode-panel';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminMigrationsPage() {
  useDocumentTitle('Database Migrations');
  return (
    <div className="max-w-4xl">
      <PageHeading
        title="Database Migrations"
        lead="Monitor and manage database migrations safely"
      />
      <div className="space-y-6">
        <SafetyGuide />
        <TestModePanel />
        <SafetyChecksPanel />
        <MigrationTracker />
      </div>
    </div>
  );
}
