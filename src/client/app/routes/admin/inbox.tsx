import { InboxScreen } from '#client/features/admin-inbox/components/inbox-screen';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminInboxPage() {
  useDocumentTitle('Inbox');
  return <InboxScreen />;
}
