import { useId, useState } from 'react';
import { Search, UserPlus } from 'lucide-react';
import {
  ADMIN_USERS_SEARCH_MAX_LENGTH,
  adminUsersMessages,
  type AdminUser,
  type AssignableRole,
} from '#shared/contracts/admin-users';
import { Button } from '#client/components/ui/button';
import { Input, Label } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { PageHeading } from '#client/components/ui/page-heading';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/lib/toast';
import { useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { useDebouncedValue } from '#client/lib/use-debounced-value';
import { RoleChangeDialog, type PendingRoleChange } from './role-change-dialog';
import { UserRow } from './user-row';

/** Typing pauses this long before the list is asked for again. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface UsersScreenProps {
  /** The signed-in administrator (their own admin role cannot be removed). */
  currentUserId: string;
}

function countLine(shown: number, total: number): string {
  if (shown < total) return `Showing ${shown} of ${total} users`;
  return total === 1 ? '1 user' : `${total} users`;
}

/** Admin spec, Users screen: a search box, a role manager and the user list. */
export function UsersScreen({ currentUserId }: UsersScreenProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const users = useUsers(settledSearch);
  const updateRole = useUpdateUserRole();
  const [pending, setPending] = useState<PendingRoleChange | null>(null);

  function onRoleChosen(user: AdminUser, role: AssignableRole) {
    if (role !== user.role) setPending({ user, role });
  }

  function onConfirm(change: PendingRoleChange) {
    updateRole.mutate(
      { userId: change.user.id, role: change.role },
      {
        onSuccess: () => toast.success(adminUsersMessages.roleUpdated),
        onError: (error) =>
          toast.error(adminUsersMessages.roleUpdateFailed, { description: error.message }),
        onSettled: () => setPending(null),
      },
    );
  }

  return (
    <div>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeading
          title="User Management"
          lead="Search users and manage their roles."
          className="mb-0"
        />
        {/* Admin spec: 'Add New User' is displayed but has no behaviour. */}
        <Button className="shrink-0 self-start">
          <UserPlus aria-hidden="true" className="size-4" />
          Add New User
        </Button>
      </div>

      <form role="search" aria-label="Search users" onSubmit={(event) => event.preventDefault()}>
        <Label htmlFor={searchId}>Search users</Label>
        <div className="relative mt-1.5 max-w-xl">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            maxLength={ADMIN_USERS_SEARCH_MAX_LENGTH}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name or email…"
            autoComplete="off"
            className="pl-10"
          />
        </div>
      </form>

      <section aria-labelledby={`${searchId}-users`} className="mt-6">
        <h2 id={`${searchId}-users`} className="sr-only">
          Users
        </h2>
        {users.isPending ? (
          <Spinner label="Loading users..." className="py-16" />
        ) : users.isError ? (
          <Notice
            tone="error"
            title="Users unavailable"
            headingLevel={3}
            action={
              <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
                Try Again
              </Button>
            }
          >
            Error loading users. Please try again.
          </Notice>
        ) : (
          <>
            <p aria-live="polite" className="mb-3 text-sm text-ink-muted">
              {countLine(users.data.users.length, users.data.total)}
            </p>
            {users.data.users.length === 0 ? (
              <Notice title="No users found" headingLevel={3}>
                {settledSearch.trim() === ''
                  ? 'No one has signed up yet.'
                  : 'No users match your search. Try a different name or email.'}
              </Notice>
            ) : (
              <ul className="space-y-3" aria-busy={users.isPlaceholderData}>
                {users.data.users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isSelf={user.id === currentUserId}
                    onRoleChosen={onRoleChosen}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </section>

      <RoleChangeDialog
        change={pending}
        saving={updateRole.isPending}
        onConfirm={onConfirm}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
