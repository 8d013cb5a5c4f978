import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUsersListResponse,
  AssignableRole,
  UpdateUserRoleResponse,
} from '#shared/contracts/admin-users';
import { apiFetch } from '#client/lib/api-client';
import { usersQueryRoot } from './get-users';

export interface UpdateUserRoleInput {
  userId: string;
  role: AssignableRole;
}

export const updateUserRole = ({ userId, role }: UpdateUserRoleInput) =>
  apiFetch<UpdateUserRoleResponse>(`/api/admin/users/${encodeURIComponent(userId)}/role`, {
    method: 'PATCH',
    json: { role },
  });

/**
 * Changes a user's role (admin spec: update_user_role). Every cached list shows the new role at
 * once, then the lists are fetched again. The caller decides what to toast.
 */
export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...usersQueryRoot, 'role'],
    mutationFn: updateUserRole,
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<AdminUsersListResponse>({ queryKey: usersQueryRoot }, (list) =>
        list
          ? { ...list, users: list.users.map((item) => (item.id === user.id ? user : item)) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: usersQueryRoot });
    },
  });
}
