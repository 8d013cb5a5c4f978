import { useAuth } from '#client/lib/auth/auth-context';
import { UsersScreen } from '#client/features/admin-users/components/users-screen';
import { useDocumentTitle } from '#client/lib/document-title';

export default function AdminUsersPage() {
  useDocumentTitle('User Management');
  // The admin gate only renders this page for a signed-in administrator.
  const { user } = useAuth();
  return <UsersScreen currentUserId={user?.id ?? ''} />;
}
