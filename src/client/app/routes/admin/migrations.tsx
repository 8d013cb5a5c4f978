import { BuildingPage } from '#client/components/building-page';

export default function AdminMigrationsPage() {
  return (
    <BuildingPage
      title="Database Migrations"
      lead="Monitor and manage database migrations safely"
      showLinks={false}
      contained={false}
    />
  );
}
