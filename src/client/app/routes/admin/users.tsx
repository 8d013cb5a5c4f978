import { BuildingPage } from '#client/components/building-page';

export default function AdminUsersPage() {
  return (
    <BuildingPage
      title="User Management"
      lead="Search users and manage their roles."
      showLinks={false}
      contained={false}
    />
  );
}
