import { AuditLogScreen } from '#client/features/admin-audit/components/audit-log-screen';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminAuditPage() {
  useDocumentTitle('Audit Log');
  return <AuditLogScreen />;
}
