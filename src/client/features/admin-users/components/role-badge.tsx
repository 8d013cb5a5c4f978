import { Shield, ShieldCheck, User } from 'lucide-react';
import type { Role } from '#shared/contracts/auth';
import { Badge, type BadgeTone } from '#client/components/ui/badge';

export const roleLabels: Record<Role, string> = {
  user: 'User',
  admin: 'Admin',
  moderator: 'Moderator',
};

const looks: Record<Role, { tone: BadgeTone; icon: typeof User }> = {
  user: { tone: 'neutral', icon: User },
  admin: { tone: 'accent', icon: ShieldCheck },
  moderator: { tone: 'intermediate', icon: Shield },
};

/** Admin spec: badges exist for user, admin and moderator. */
export function RoleBadge({ role }: { role: Role }) {
  const { tone, icon: Icon } = looks[role];
  return (
    <Badge tone={tone} data-role={role}>
      <Icon aria-hidden="true" className="size-3.5" />
      {roleLabels[role]}
    </Badge>
  );
}
